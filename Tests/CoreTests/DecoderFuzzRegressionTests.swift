@testable import Core
import Foundation
import SwitchyardTestSupport
import XCTest

/// Every input the fuzzers (`make fuzz`) ever crashed on, replayed through the
/// same client paths: each must now be decoded without a crash, and — since
/// they are well-formed answers with numbers at the edges — accepted.
final class DecoderFuzzRegressionTests: XCTestCase {
    func testEveryInputTheFuzzersFoundIsHandled() async throws {
        var replayed = 0
        for family in DecoderFamily.allCases {
            let folder = fixturesDirectory.appendingPathComponent("fuzz-regressions/\(family.rawValue)")
            let files = (try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)) ?? []
            for file in files.sorted(by: { $0.path < $1.path }) {
                let accepted = await DecoderFuzzing.exercise(family, try Data(contentsOf: file))
                XCTAssertGreaterThan(accepted, 0, "\(family): \(file.lastPathComponent) was rejected by every call")
                replayed += 1
            }
        }
        XCTAssertGreaterThanOrEqual(replayed, 3, "the regression inputs are missing")
    }

    func testTheSeedFixturesAreAcceptedByTheirFamily() async throws {
        // Shows the harness reaches the decoders at all: real-shaped answers decode.
        for family in DecoderFamily.allCases {
            var accepted = 0
            for folder in family.fixtureFolders {
                let directory = fixturesDirectory.appendingPathComponent(folder)
                for file in try FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: nil) {
                    accepted += await DecoderFuzzing.exercise(family, try Data(contentsOf: file))
                }
            }
            XCTAssertGreaterThan(accepted, 0, "\(family): no fixture got through any client call")
        }
    }

    func testNumbersOutOfRangeSaturate() {
        XCTAssertEqual(Int64(saturating: 1e300), .max)
        XCTAssertEqual(Int64(saturating: -1e300), .min)
        XCTAssertEqual(Int64(saturating: 9_223_372_036_854_775_807.0), .max, "2^63 rounds up and must not trap")
        XCTAssertEqual(Int64(saturating: .nan), 0)
        XCTAssertEqual(Int64(saturating: 2058.9), 2058)
        XCTAssertEqual(Int64.max.subtractingSaturated(-1), .max)
        XCTAssertEqual(Int64.min.subtractingSaturated(1), .min)
        XCTAssertEqual(Int64(10).subtractingSaturated(3), 7)
        XCTAssertEqual(Int64.max.addingSaturated(Int64.max), .max, "two transfers at Int64.max summed")
        XCTAssertEqual(Int64.min.addingSaturated(-1), .min)
        let part = ServicePart(service: ServiceRef(id: UUID(), name: "Fixture", kind: .transmission),
                               value: TransferSnapshot(items: [], stats: TransferStats(downloadSpeed: .max, uploadSpeed: .max,
                                                                                         freeSpaceBytes: nil, count: 0, activeCount: 0)),
                               refreshedAt: Date(), isStale: false)
        XCTAssertEqual(DownloadsContent(parts: [part, part]).downloadSpeed, .max, "two services at Int64.max summed")
        XCTAssertEqual(SABnzbdSlotDTO.clock("99999999999999:59:59:59").map { $0 > 0 }, true, "huge clocks do not overflow")
    }
}

final class ServarrQueryDateTests: XCTestCase {
    func testCalendarBoundsAreUTCWithoutFractions() {
        XCTAssertEqual(ServarrQuery.date(Date(timeIntervalSince1970: 1_800_000_000.75)), "2027-01-15T08:00:00Z")
        XCTAssertEqual(ServarrQuery.date(Date(timeIntervalSince1970: -86_400)), "1969-12-31T00:00:00Z")
    }
}
