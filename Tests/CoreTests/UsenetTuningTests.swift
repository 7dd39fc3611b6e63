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

    /// Priority and category: one write each naming the job, in each client's own numbers and words; the priority the
    /// client reports reads back in those words; SABnzbd's missing steps and a finished job send nothing.
    func testPriorityAndCategoryOfAQueuedJobInEachClientsWords() async throws {
        let (sab, sabLog, sabConfig) = try await sabnzbd()
        let queued = job(sabConfig, "SABnzbd_nzo_fixture0002")
        for (priority, value) in [(JobPriority.low, "-1"), (.normal, "0"), (.high, "1"), (.force, "2")] {
            try await sab.perform(.setJobPriority(priority), on: queued)
            let body = try XCTUnwrap(sabLog.requests.last?.body)
            XCTAssertTrue(body.contains("mode=queue") && body.contains("name=priority") && body.contains("value=SABnzbd_nzo_fixture0002")
                          && (body + "&").contains("value2=\(value)&"), "\(priority): \(body)")
        }
        try await sab.perform(.setCategory("tv"), on: queued)
        try await sab.perform(.setCategory(nil), on: queued)
        let cats = sabLog.requests.suffix(2).map(\.body)
        XCTAssertTrue(cats[0].contains("mode=change_cat") && cats[0].contains("value=SABnzbd_nzo_fixture0002") && (cats[0] + "&").contains("value2=tv&"))
        XCTAssertTrue((cats[1] + "&").contains("value2=%2A&") || (cats[1] + "&").contains("value2=*&"), "none is its default, *: \(cats[1])")
        XCTAssertEqual(sabLog.requests.count, 6, "one request each")
        let choices = try await sab.groupChoices()
        XCTAssertEqual(choices, .oneOf(["movies", "tv"]), "its categories, * being none")
        XCTAssertEqual(SABnzbdClient.availability(of: .setJobPriority(.veryHigh)), .unsupported, "SABnzbd has four")
        XCTAssertTrue(ServiceKind.sabnzbd.priorityResumesPausedJob && ServiceKind.sabnzbd.categorySetsJobSettings)
        XCTAssertFalse(ServiceKind.nzbget.priorityResumesPausedJob || ServiceKind.nzbget.categorySetsJobSettings)
        let general = try await sab.inspect(queued, parts: [.general]).general
        XCTAssertEqual(general?.jobPriority, .normal, "the slot's \"Normal\"")
        XCTAssertEqual(SABnzbdClient.jobPriority("Force"), .force)
        XCTAssertNil(SABnzbdClient.jobPriority("Paused"))
        let count = sabLog.requests.count
        for (action, item) in [(TransferDetailAction.setJobPriority(.veryLow), queued), (.setJobPriority(.high), job(sabConfig, "SABnzbd_nzo_fixture0011", history: true)),
                               (.setCategory("a\u{7}"), queued)] {
            do {
                try await sab.perform(action, on: item)
                XCTFail("\(action) was sent")
            } catch { XCTAssertNotNil(error as ServiceError?) }
        }
        XCTAssertEqual(sabLog.requests.count, count, "nothing sent")
        do {
            try await sab.perform(.setJobPriority(.high), on: job(sabConfig, "SABnzbd_nzo_gone"))
            XCTFail("a job it does not hold")
        } catch { XCTAssertEqual(error, .refused(.noSuchTransfer), "its position -1") }

        let (nzb, nzbLog, nzbConfig) = try await nzbget()
        let waiting = job(nzbConfig, "drone-fixture", actionID: "7")
        let expected = [(TransferDetailAction.setJobPriority(.veryLow), #"["GroupSetPriority","-100",[7]]"#),
                        (.setJobPriority(.veryHigh), #"["GroupSetPriority","100",[7]]"#), (.setJobPriority(.force), #"["GroupSetPriority","900",[7]]"#),
                        (.setCategory("fixture-movies"), #"["GroupSetCategory","fixture-movies",[7]]"#), (.setCategory(nil), #"["GroupSetCategory","",[7]]"#)]
        for (action, params) in expected {
            try await nzb.perform(action, on: waiting)
            let body = try XCTUnwrap(nzbLog.requests.last?.body)
            XCTAssertTrue(body.contains(#""method":"editqueue""#) && body.contains(params), "\(action): \(body)")
        }
        XCTAssertEqual(nzbLog.requests.count, expected.count)
        let read = try await nzb.inspect(job(nzbConfig, "fixturedrone0000000000000000000a", actionID: "7"), parts: [.general]).general
        XCTAssertEqual(read?.jobPriority, .high, "MaxPriority 50")
        XCTAssertEqual([-100, -75, -50, 0, 49, 50, 100, 899, 900].map(NZBGetClient.jobPriority),
                       [.veryLow, .veryLow, .low, .normal, .normal, .high, .veryHigh, .veryHigh, .force])
    }

    /// A failed job downloaded again and a queued job's archive password: one write each naming the job; the password
    /// travels only in that write (SABnzbd's rename keeps the name its queue reports) and never in a description.
    func testAFailedJobIsDownloadedAgainAndAQueuedJobTakesAnArchivePassword() async throws {
        let (sab, sabLog, sabConfig) = try await sabnzbd()
        let failed = job(sabConfig, "SABnzbd_nzo_fixture0011", history: true), queued = job(sabConfig, "SABnzbd_nzo_fixture0002")
        try await sab.perform(.retry, on: failed)
        let retry = try XCTUnwrap(sabLog.requests.last?.body)
        XCTAssertTrue(retry.contains("mode=retry") && (retry + "&").contains("value=SABnzbd_nzo_fixture0011&"), retry)
        let password = ArchivePassword("fixture-archive-secret")
        try await sab.perform(.setArchivePassword(password), on: queued)
        let (read, write) = (sabLog.requests[sabLog.requests.count - 2].body, sabLog.requests[sabLog.requests.count - 1].body)
        XCTAssertTrue(read.contains("mode=queue") && read.contains("nzo_ids=SABnzbd_nzo_fixture0002") && !read.contains("fixture-archive-secret"), read)
        XCTAssertTrue(write.contains("name=rename") && write.contains("value=SABnzbd_nzo_fixture0002") && write.contains("value2=Fixture.Usenet.Movie.2026")
                      && write.contains("value3=fixture-archive-secret"), "the name it has, the password as value3: \(write)")
        XCTAssertEqual(sabLog.requests.count, 3)
        XCTAssertFalse("\(TransferDetailAction.setArchivePassword(password))".contains("fixture-archive-secret"), "never in a description")
        XCTAssertFalse(String(reflecting: password).contains("fixture-archive-secret"))
        for (action, item, refusal) in [(TransferDetailAction.retry, queued, ServiceError.notOffered),
                                        (.setArchivePassword(password), failed, .notOffered),
                                        (.setArchivePassword(ArchivePassword("")), queued, .invalidRequest(.badPassword)),
                                        (.setArchivePassword(ArchivePassword("line\nbreak")), queued, .invalidRequest(.badPassword))] {
            do {
                try await sab.perform(action, on: item)
                XCTFail("\(action) was sent")
            } catch { XCTAssertEqual(error, refusal, "\(action)") }
        }
        XCTAssertEqual(sabLog.requests.count, 3, "nothing sent for any of them")
        do {
            try await sab.perform(.retry, on: job(sabConfig, "SABnzbd_nzo_gone", history: true))
            XCTFail("a job it does not hold")
        } catch { XCTAssertNotNil(error as ServiceError?) }

        let (nzb, nzbLog, nzbConfig) = try await nzbget()
        try await nzb.perform(.retry, on: job(nzbConfig, "drone-done", history: true, actionID: "8"))
        XCTAssertTrue(try XCTUnwrap(nzbLog.requests.last?.body).contains(#"["HistoryRedownload","",[8]]"#))
        try await nzb.perform(.setArchivePassword(password), on: job(nzbConfig, "drone-fixture", actionID: "7"))
        XCTAssertTrue(try XCTUnwrap(nzbLog.requests.last?.body).contains(#"["GroupSetParameter","*Unpack:Password=fixture-archive-secret",[7]]"#))
        XCTAssertEqual(nzbLog.requests.count, 2, "one request each")
        do {
            try await nzb.perform(.retry, on: job(nzbConfig, "drone-fixture", actionID: "7"))
            XCTFail("a queued job has nothing to download again")
        } catch { XCTAssertEqual(error, .notOffered) }
        XCTAssertEqual(nzbLog.requests.count, 2)
    }
}

/// The list's queue moves for usenet jobs: NZBGet moves several in one `editqueue` naming them all; SABnzbd's `switch`
/// moves one job per request, so it takes one job (its read, then one switch) and for two sends nothing and says why.
extension UsenetDetailsTests {
    func testTheListsQueueMovesOfUsenetJobs() async throws {
        let (nzbget, nzbgetLog, nzbgetConfig) = try await nzbget()
        let jobs = [job(nzbgetConfig, "drone-a", actionID: "7"), job(nzbgetConfig, "drone-b", actionID: "8")]
        for (action, params) in [(TransferAction.queueTop, #"["GroupMoveTop","",[7,8]]"#), (.queueUp, #"["GroupMoveOffset","-1",[7,8]]"#),
                                 (.queueDown, #"["GroupMoveOffset","1",[7,8]]"#), (.queueBottom, #"["GroupMoveBottom","",[7,8]]"#),
                                 (.pause, #"["GroupPause","",[7,8]]"#)] {
            let before = nzbgetLog.requests.count
            try await nzbget.perform(action, on: jobs)
            XCTAssertEqual(nzbgetLog.requests.count, before + 1, "\(action): one request")
            XCTAssertTrue(nzbgetLog.requests.last?.body.contains(params) ?? false, "\(action): \(nzbgetLog.requests.last?.body ?? "")")
        }
        XCTAssertEqual(NZBGetClient.availability(of: .queueTop, for: job(nzbgetConfig, "drone-c", history: true)), .finishedEntry)

        let (sabnzbd, sabLog, sabConfig) = try await sabnzbd()
        let before = sabLog.requests.count
        try await sabnzbd.perform(.queueTop, on: [job(sabConfig, "SABnzbd_nzo_fixture0002")])
        let sent = Array(sabLog.requests.dropFirst(before))
        XCTAssertEqual(sent.count, 2, "the queue read, then one switch")
        XCTAssertTrue(sent[1].body.contains("mode=switch") && sent[1].body.contains("value=SABnzbd_nzo_fixture0002"), sent[1].body)
        let count = sabLog.requests.count
        do {
            try await sabnzbd.perform(.queueBottom, on: [job(sabConfig, "SABnzbd_nzo_fixture0001"), job(sabConfig, "SABnzbd_nzo_fixture0002")])
            XCTFail("two jobs were moved")
        } catch { XCTAssertEqual(error, .invalidRequest(.oneJobAtATime)) }
        XCTAssertEqual(sabLog.requests.count, count, "nothing sent for two jobs")
    }
}
