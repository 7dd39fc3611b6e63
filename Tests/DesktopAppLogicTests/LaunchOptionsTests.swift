@testable import DesktopApp
import XCTest

final class LaunchOptionsTests: XCTestCase {
    private func validate(route: String? = nil, scale: String? = nil, screenshot: String? = nil,
                          light: Bool = false, dark: Bool = false) throws(LaunchError) -> LaunchOptions {
        try LaunchOptions.validate(route: route, textScale: scale, screenshot: screenshot,
                                   light: light, dark: dark, quitAfterFirstFrame: false)
    }

    private func assertRejects(_ expected: LaunchError, _ body: () throws(LaunchError) -> LaunchOptions,
                               line: UInt = #line) {
        do {
            let options = try body()
            XCTFail("accepted: \(options)", line: line)
        } catch {
            XCTAssertEqual(error, expected, line: line)
        }
    }

    func testPlainLaunchFollowsTheSystem() throws {
        let options = try validate()
        XCTAssertNil(options.route)
        XCTAssertEqual(options.appearance, .system)
        XCTAssertEqual(options.textScale, 1.0)
        XCTAssertFalse(options.quitAfterFirstFrame)
    }

    func testInspectionDefaultsToLightAndScreenshotQuits() throws {
        let options = try validate(route: "overview", scale: " 1.5", screenshot: "x.png")
        XCTAssertEqual(options.route?.rawValue, "overview")
        XCTAssertEqual(options.appearance, .light)
        XCTAssertEqual(options.textScale, 1.5)
        XCTAssertEqual(options.screenshot, "x.png")
        XCTAssertTrue(options.quitAfterFirstFrame)
        XCTAssertEqual(try validate(route: "welcome", dark: true).appearance, .dark)
    }

    func testBadInputIsRejectedWithItsReason() {
        assertRejects(.unknownRoute("nope")) { () throws(LaunchError) in try validate(route: "nope") }
        assertRejects(.unknownRoute("")) { () throws(LaunchError) in try validate(route: "") }
        for scale in ["abc", "", "0", "-1", "nan", "inf", "9", "1,5"] {
            assertRejects(.badTextScale(scale)) { () throws(LaunchError) in try validate(route: "overview", scale: scale) }
        }
        assertRejects(.conflictingAppearance) { () throws(LaunchError) in try validate(light: true, dark: true) }
        assertRejects(.needsRoute("--screenshot")) { () throws(LaunchError) in try validate(screenshot: "x.png") }
        assertRejects(.emptyScreenshotPath) { () throws(LaunchError) in try validate(route: "overview", screenshot: "") }
    }

    func testUnknownRouteMessageListsEveryRoute() {
        let message = LaunchError.unknownRoute("nope").message
        XCTAssertTrue(message.contains("“nope”"))
        for route in InspectionRoute.allCases {
            XCTAssertTrue(message.contains(route.rawValue), "message lacks \(route)")
        }
    }

    func testKeepOpenGoesWithAScreenshot() throws {
        XCTAssertThrowsError(try LaunchOptions.validate(route: "overview", textScale: nil, screenshot: nil, light: false, dark: false,
                                                        quitAfterFirstFrame: false, keepOpen: true)) { error in
            XCTAssertEqual(error as? LaunchError, .needsScreenshot("--keep-open"))
        }
        let options = try LaunchOptions.validate(route: "overview", textScale: nil, screenshot: "/tmp/overview.png", light: false,
                                                 dark: false, quitAfterFirstFrame: false, keepOpen: true)
        XCTAssertTrue(options.keepOpen)
        XCTAssertTrue(options.quitAfterFirstFrame, "the first frame still ends the wait: the picture is taken then")
    }
}
