@testable import DesktopApp
import XCTest

/// What reaches a label, a title, a tooltip or an accessible name.
final class ShownTextTests: XCTestCase {
    /// A release title holding U+202E would show reversed after it ("…qx.2160.LTRp"): every embedding, override and
    /// isolate control is dropped, and nothing else changes.
    func testBidiControlsFromAServiceNeverReachTheScreen() {
        XCTAssertEqual(ShownText.clean("Some.Show.S01E02.qx.\u{202E}RTL\u{202C}.2160p"), "Some.Show.S01E02.qx.RTL.2160p")
        for scalar in [0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069] {
            let text = "a" + String(Character(Unicode.Scalar(scalar)!)) + "b"
            XCTAssertEqual(ShownText.clean(text), "ab", String(scalar, radix: 16))
        }
        // Other text is left as it is, right-to-left scripts and marks included.
        for kept in ["Fixture – “Série” · 2160p", "\u{05E9}\u{05DC}\u{05D5}\u{05DD} fixture", "a\u{200F}b", "日本語", ""] {
            XCTAssertEqual(ShownText.clean(kept), kept)
        }
        XCTAssertNil(ShownText.clean(nil as String?))
    }

    func testAMnemonicReadsWithoutItsMarker() {
        XCTAssertEqual(Mnemonic.plain("_Through Prowlarr, to its download client (recommended)"),
                       "Through Prowlarr, to its download client (recommended)")
        XCTAssertEqual(Mnemonic.plain("Change its c_ategory instead"), "Change its category instead")
        XCTAssertEqual(Mnemonic.plain("Straight to " + Mnemonic.escaped("seed_box")), "Straight to seed_box")
        XCTAssertEqual(Mnemonic.escaped("a_b"), "a__b")
    }
}
