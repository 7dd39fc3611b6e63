import CGtk
import Core
import Foundation

/// The Keyboard Shortcuts window (win.show-help-overlay, Ctrl+?), listing every accelerator.
@MainActor
enum ShortcutsWindow {
    /// Accelerators by action, in the order the shortcuts window lists them.
    static let accelerators: [(action: String, accels: [String], title: String)] = [
        ("win.refresh", ["<Control>r", "F5"], tr("Refresh")),
        ("win.find", ["<Control>f"], tr("Search the library, or filter the transfers")),
        ("win.add-download", ["<Control>o"], tr("Add a download (magnet, link, torrent or NZB)…")),
        ("win.add-to-library", ["<Control>n"], tr("Add to the library of the tab on screen (the first library from other tabs)…")),
        ("app.preferences", ["<Control>comma"], tr("Settings")),
        ("win.show-help-overlay", ["<Control>question"], tr("Keyboard shortcuts")),
        ("window.close", ["<Control>w"], tr("Close the window")),
        ("app.quit", ["<Control>q"], tr("Quit")),
    ]

    /// Alt+1 … Alt+N, one per tab this build has: each shows the N-th tab on screen (MainWindow's
    /// show-tab), so the window lists them under the names of the tabs on screen (`make(tabs:)`).
    static let tabAccelerators: [(action: String, accels: [String])] = AppTab.allCases.map { tab in
        ("win.show-tab(\(tab.number))", ["<Alt>\(tab.number)"])
    }

    /// Keys of the Downloads list (handled by the list itself, not application accelerators:
    /// Space and Delete stay free for typing elsewhere).
    static let downloads: [(accels: [String], title: String)] = [
        (["space"], tr("Pause or resume the selected transfers")),
        (["<Control>a"], tr("Select every transfer")),
        (["Delete"], tr("Remove the selected transfers…")),
        (["<Shift>Delete"], tr("Remove the selected transfers and delete their files…")),
        (["Menu", "<Shift>F10"], tr("Open the menu of the selected transfers")),
        (["<Alt>Up", "<Alt>Down"], tr("Move the selected transfers up or down in their queues")),
        (["<Alt>Home", "<Alt>End"], tr("Move the selected transfers to the top or bottom of their queues")),
    ]

    /// The window, with "Go to …" for each of `tabs` (those on screen) under its Alt+number.
    static func make(tabs: [AppTab]) -> Window? {
        let listKeys = items(downloads.map { ($0.accels, $0.title) })
        let goTo = tabs.enumerated().map { index, tab in (["<Alt>\(index + 1)"], tr("Go to %s").fill(Strings.title(tab))) }
        let shortcuts = items(accelerators.map { ($0.accels, $0.title) } + goTo)
        // Translators: the shortcuts window's group of shortcuts that work everywhere in the window.
        let general = escape(tr("General")), downloadsGroup = escape(tr("Downloads")), title = escape(tr("Keyboard Shortcuts"))
        let xml = """
        <interface>
          <object class="GtkShortcutsWindow" id="help_overlay">
            <property name="modal">1</property>
            <property name="title">\(title)</property>
            <child>
              <object class="GtkShortcutsSection">
                <property name="section-name">shortcuts</property>
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">\(general)</property>
                    \(shortcuts)
                  </object>
                </child>
                <child>
                  <object class="GtkShortcutsGroup">
                    <property name="title">\(downloadsGroup)</property>
                    \(listKeys)
                  </object>
                </child>
              </object>
            </child>
          </object>
        </interface>
        """
        return Builder.window("help_overlay", in: xml)
    }

    /// One GtkShortcutsShortcut per entry.
    private static func items(_ entries: [(accels: [String], title: String)]) -> String {
        entries.map { entry in
            """
            <child>
              <object class="GtkShortcutsShortcut">
                <property name="title">\(escape(entry.title))</property>
                <property name="accelerator">\(escape(entry.accels.joined(separator: " ")))</property>
              </object>
            </child>
            """
        }.joined(separator: "\n")
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
