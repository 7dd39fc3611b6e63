import CGtk
@testable import DesktopApp
import Foundation
import SwitchyardTestSupport
import XCTest

/// The message catalogue: placeholders filled the way translators write them, the German
/// catalogue's plurals, and `scripts/po.sh check` failing on a stale template or an
/// incomplete translation (so `make check` does).
final class TranslationTests: XCTestCase {
    func testFillTakesPlaceholdersInOrderAndByPosition() {
        XCTAssertEqual("%s and %s".fill("a", "b"), "a and b")
        XCTAssertEqual("%2$s before %1$s".fill("a", "b"), "b before a")
        XCTAssertEqual("%1$s, again %1$s".fill("x"), "x, again x")
        XCTAssertEqual("%d transfers".fill(2_000), "\(Formatting.count(2_000)) transfers", "a count is grouped like the user's language")
        XCTAssertEqual("HTTP %d".fill("301"), "HTTP 301", "text given for %d goes in as it is")
        XCTAssertEqual("100%% of %s".fill("it"), "100% of it")
        XCTAssertEqual("%s and %s".fill("only one"), "only one and ", "a missing value leaves nothing, never a crash")
        XCTAssertEqual("50% off".fill(), "50% off", "a lone percent sign stays")
    }

    /// German through the real catalogue (compiled here from po/de.po): the plural forms for
    /// 0, 1, 2, 5 and 21, a context, and a positional reordering.
    func testGermanPluralsContextsAndOrder() throws {
        let locale = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-locale-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: locale) }
        try FileManager.default.createDirectory(at: locale.appendingPathComponent("de/LC_MESSAGES"), withIntermediateDirectories: true)
        let compiled = try runTool("/usr/bin/msgfmt", ["--check", "--output-file",
                                                       locale.appendingPathComponent("de/LC_MESSAGES/switchyard.mo").path,
                                                       projectDirectory.appendingPathComponent("po/de.po").path])
        XCTAssertEqual(compiled.status, 0, compiled.output)

        let previous = ProcessInfo.processInfo.environment["LANGUAGE"]
        setenv("LANGUAGE", "de", 1)
        let previousLocale = String(cString: setlocale(LC_ALL, nil))
        setlocale(LC_ALL, "C.UTF-8")
        bindtextdomain(Translation.domain, locale.path)
        bind_textdomain_codeset(Translation.domain, "UTF-8")
        defer {
            if let previous { setenv("LANGUAGE", previous, 1) } else { unsetenv("LANGUAGE") }
            setlocale(LC_ALL, previousLocale)
        }

        let counts = [0, 1, 2, 5, 21].map { Strings.transfers($0) }
        XCTAssertEqual(counts, ["0 Übertragungen", "1 Übertragung", "2 Übertragungen", "5 Übertragungen", "21 Übertragungen"])
        XCTAssertEqual(Strings.confirmRemoval(.remove, count: 1).title, "1 Übertragung entfernen?")
        XCTAssertEqual(Strings.confirmRemoval(.remove, count: 1).detail,
                       "Die Übertragung verlässt den Client; ihre heruntergeladenen Dateien bleiben auf dem Datenträger.",
                       "one transfer is spoken of as one (it was “The transfers leave the client”)")
        XCTAssertEqual(Strings.confirmRemoval(.remove, count: 21).title, "21 Übertragungen entfernen?")
        XCTAssertEqual(Strings.transferState(.paused), "Angehalten", "a state, told apart by its context")
        XCTAssertEqual(Strings.actionDone(.pause, [(name: "qBittorrent", count: 3), (name: "Transmission", count: 1)]),
                       "4 Übertragungen angehalten: 3 in qBittorrent und 1 in Transmission")
        XCTAssertEqual(Formatting.duration(3 * 86_400 + 4 * 3600), "3 T 4 h")
        XCTAssertEqual(ErrorText.sentence(.badPort, role: .local), "Der Port muss eine Zahl von 1 bis 65535 sein.")
    }

    func testTheCatalogueCheckPassesHereAndFailsOnAStaleTemplateOrAnIncompleteTranslation() throws {
        let clean = try runTool("/bin/bash", [projectDirectory.appendingPathComponent("scripts/po.sh").path, "check"])
        XCTAssertEqual(clean.status, 0, clean.output)

        // A copy of what the check reads, then one new message in a source file.
        let copy = FileManager.default.temporaryDirectory.appendingPathComponent("switchyard-po-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: copy) }
        for path in ["scripts", "po", "Resources", "Sources/DesktopApp"] {
            let target = copy.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: projectDirectory.appendingPathComponent(path), to: target)
        }
        let script = copy.appendingPathComponent("scripts/po.sh").path
        let strings = copy.appendingPathComponent("Sources/DesktopApp/App/Strings.swift")
        let original = try String(contentsOf: strings, encoding: .utf8)
        try (original + "\nlet untranslated = tr(\"A sentence nobody put in the template\")\n").write(to: strings, atomically: true, encoding: .utf8)
        let stale = try runTool("/bin/bash", [script, "check"])
        XCTAssertNotEqual(stale.status, 0)
        XCTAssertTrue(stale.output.contains("A sentence nobody put in the template"), stale.output)

        // The template made current again, but German lacks the new message.
        XCTAssertEqual(try runTool("/bin/bash", [script, "update"]).status, 0)
        let untranslated = try runTool("/bin/bash", [script, "check"])
        XCTAssertNotEqual(untranslated.status, 0)
        XCTAssertTrue(untranslated.output.contains("po/de.po is not complete"), untranslated.output)

        // Back to the sources as they are, and one German message marked fuzzy.
        try original.write(to: strings, atomically: true, encoding: .utf8)
        XCTAssertEqual(try runTool("/bin/bash", [script, "update"]).status, 0)
        let german = copy.appendingPathComponent("po/de.po")
        let text = try String(contentsOf: german, encoding: .utf8)
        let marked = text.replacingOccurrences(of: "#, c-format\nmsgid \"%d transfer\"", with: "#, fuzzy, c-format\nmsgid \"%d transfer\"")
        XCTAssertNotEqual(marked, text)
        try marked.write(to: german, atomically: true, encoding: .utf8)
        let fuzzy = try runTool("/bin/bash", [script, "check"])
        XCTAssertNotEqual(fuzzy.status, 0)
        XCTAssertTrue(fuzzy.output.contains("fuzzy"), fuzzy.output)
    }
}
