@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// A queued usenet job's place in the queue and its name (API-GUIDE-4 §5.2, §6.1–6.2), over a scripted transport: each
/// one write naming the job; SABnzbd's moves onto the place of the neighbour read just before; nothing for a finished
/// job or a name SABnzbd would read a password out of.
extension UsenetDetailsTests {
    func testSABnzbdMovesAJobOntoItsNeighboursPlace() async throws {
        let (client, log, config) = try await sabnzbd()
        let middle = job(config, "SABnzbd_nzo_fixture0002")
        for (move, target) in [(QueueMove.top, "0"), (.up, "SABnzbd_nzo_fixture0001"), (.down, "SABnzbd_nzo_fixture0003"),
                               (.bottom, "SABnzbd_nzo_fixture0003")] {
            let before = log.requests.count
            try await client.perform(.moveInQueue(move), on: middle)
            let sent = Array(log.requests.dropFirst(before))
            XCTAssertEqual(sent.count, 2, "\(move): the queue read, then one switch")
            XCTAssertTrue(sent[0].body.contains("mode=queue") && !sent[0].body.contains("name="), "a read")
            XCTAssertTrue(sent[1].body.contains("mode=switch") && sent[1].body.contains("value=SABnzbd_nzo_fixture0002")
                          && (sent[1].body + "&").contains("value2=\(target)&"), "\(move): \(sent[1].body)")
        }
        // Already first: nothing to send after the read.
        let before = log.requests.count
        try await client.perform(.moveInQueue(.up), on: job(config, "SABnzbd_nzo_fixture0001"))
        XCTAssertFalse(log.requests.dropFirst(before).contains { $0.body.contains("mode=switch") })
        // A job the queue no longer holds.
        do {
            try await client.perform(.moveInQueue(.top), on: job(config, "SABnzbd_nzo_gone"))
            XCTFail("a job it does not hold was moved")
        } catch { XCTAssertEqual(error, .refused(.noSuchTransfer)) }
    }

    func testSABnzbdRenamesAQueuedJobAndRefusesAPasswordEnding() async throws {
        let (client, log, config) = try await sabnzbd()
        try await client.perform(.rename("Fixture.Renamed"), on: job(config, "SABnzbd_nzo_fixture0002"))
        let sent = try XCTUnwrap(log.requests.last)
        XCTAssertTrue(sent.body.contains("mode=queue") && sent.body.contains("name=rename") && sent.body.contains("value=SABnzbd_nzo_fixture0002")
                      && sent.body.contains("value2=Fixture.Renamed") && !sent.body.contains("value3"), sent.body)
        let count = log.requests.count
        for (action, item, refusal) in [(TransferDetailAction.rename("Fixture{{secret}}"), job(config, "SABnzbd_nzo_fixture0002"), ServiceError.invalidRequest(.badName)),
                                      (.rename("Fixture"), job(config, "SABnzbd_nzo_fixture0011", history: true), .notOffered),
                                      (.recheck, job(config, "SABnzbd_nzo_fixture0002"), .notOffered)] {
            do {
                try await client.perform(action, on: item)
                XCTFail("\(action) was sent")
            } catch { XCTAssertEqual(error, refusal, "\(action)") }
        }
        XCTAssertEqual(log.requests.count, count, "nothing sent for any of them")
    }

    func testNZBGetMovesAndRenamesInTheThreeArgumentForm() async throws {
        let (client, log, config) = try await nzbget()
        let queued = job(config, "drone-fixture", actionID: "7")
        let expected = [(TransferDetailAction.moveInQueue(.top), #"["GroupMoveTop","",[7]]"#), (.moveInQueue(.up), #"["GroupMoveOffset","-1",[7]]"#),
                        (.moveInQueue(.down), #"["GroupMoveOffset","1",[7]]"#), (.moveInQueue(.bottom), #"["GroupMoveBottom","",[7]]"#),
                        (.rename("Fixture.Renamed"), #"["GroupSetName","Fixture.Renamed",[7]]"#)]
        for (action, params) in expected {
            try await client.perform(action, on: queued)
            let body = try XCTUnwrap(log.requests.last?.body)
            XCTAssertTrue(body.contains(#""method":"editqueue""#) && body.contains(params), "\(action): \(body)")
        }
        XCTAssertEqual(log.requests.count, expected.count, "one request each")
        do {
            try await client.perform(.moveInQueue(.top), on: job(config, "drone-gone", actionID: "99"))
            XCTFail("false was taken")
        } catch { XCTAssertEqual(error, .refused(.noSuchTransfer), "editqueue's false: no such job") }
        do {
            try await client.perform(.moveInQueue(.top), on: job(config, "drone-done", history: true, actionID: "8"))
            XCTFail("a finished job was moved")
        } catch { XCTAssertEqual(error, .notOffered) }
        XCTAssertEqual(log.requests.count, expected.count + 1, "nothing for the finished job")
    }
}
