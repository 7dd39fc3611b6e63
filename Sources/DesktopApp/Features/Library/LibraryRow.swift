import CGtk
import Core
import Foundation

/// One recycled row: a poster in a fixed frame that clips, title, facts, monitored, size, instance.
@MainActor
final class LibraryRow {
    let widget: Box
    let picture: Picture
    // Inscriptions: setting their text as rows are recycled while scrolling only redraws them.
    private let title: Inscription
    private let subtitle: Inscription
    private let monitored: Label
    private let monitoredIcon: Image
    private let monitorButton: Button
    /// The key of the item the row shows.
    var key: String?
    /// The eye button was pressed (with the row's key).
    var onMonitor: ((String) -> Void)?
    private let size: Label
    private let instance: Label
    /// Whether the item shown is monitored (the monitor button's tooltip says so).
    private var isMonitored: Bool?

    init() {
        widget = Box.horizontal(spacing: 12)
        widget.margins(6, start: 12, end: 12)

        // Fixed compact frame; posters of any aspect are scaled to cover it and clipped.
        let frame = Box.vertical(classes: ["poster-frame"])
        frame.sizeRequest(width: LibraryPage.posterWidth, height: LibraryPage.posterHeight)
        frame.clipsChildren = true
        frame.valign = GTK_ALIGN_CENTER
        picture = Picture()
        picture.sizeRequest(width: LibraryPage.posterWidth, height: LibraryPage.posterHeight)
        picture.hideFromAccessibility()
        frame.append(picture)

        let text = Box.vertical(spacing: 2)
        text.hexpand = true
        text.valign = GTK_ALIGN_CENTER
        title = Inscription()
        title.addClasses(["heading"])
        subtitle = Inscription()
        subtitle.addClasses(["dim-label"])
        text.append(title, subtitle)

        instance = Label.line("", classes: ["caption", "instance-badge"], ellipsize: false)
        instance.valign = GTK_ALIGN_CENTER
        let monitoredBox = Box.horizontal(spacing: 4)
        monitoredIcon = Image.decorative("view-reveal-symbolic")
        monitored = Label.line("", ellipsize: false)
        monitored.sizeRequest(width: 110, height: -1)
        monitored.xalign = 0
        monitoredBox.append(monitoredIcon, monitored)
        // One click switches monitoring of this item (the words say what it is now).
        monitorButton = Button()
        monitorButton.setChild(monitoredBox)
        monitorButton.addClasses(["flat", "monitor-toggle"])
        monitorButton.valign = GTK_ALIGN_CENTER
        // Not a keyboard stop: arrowing into the list lands on the row (Enter opens it), never on a write.
        // Keyboard users switch monitoring of the picked rows with Ctrl+M.
        monitorButton.focusable = false
        size = Label.line("", classes: ["dim-label", "numeric"], ellipsize: false)
        size.xalign = 1
        size.sizeRequest(width: 80, height: -1)
        size.valign = GTK_ALIGN_CENTER
        widget.append(frame, text, instance, monitorButton, size)
        // Made when it shows: setting a tooltip costs an X round trip, and rows are bound on every scroll step.
        monitorButton.tooltip { [weak self] in
            self?.isMonitored.map { Strings.monitorTooltip(monitored: $0) }
        }
        monitorButton.onClicked { [weak self] in
            guard let self, let key = self.key else { return }
            self.onMonitor?(key)
        }
    }

    func clearPoster() { picture.setTexture(nil) }

    func show(_ item: Resource, facts: String, instance name: String?, pending: String? = nil) {
        title.text = item.title
        subtitle.text = facts
        monitored.text = pending ?? (item.monitored ? tr("Monitored") : tr("Not monitored"))
        // An open eye: Sonarr/Radarr watch for it; closed: they do not. The words stay beside it.
        monitoredIcon.setIcon(item.monitored ? "view-reveal-symbolic" : "view-conceal-symbolic")
        monitorButton.sensitive = pending == nil
        monitorButton.setAccessibleLabel(pending ?? (item.monitored ? tr("Monitored: stop monitoring %s").fill(item.title) : tr("Not monitored: monitor %s").fill(item.title)))
        isMonitored = item.monitored
        size.text = item.sizeOnDisk > 0 ? Formatting.bytes(item.sizeOnDisk) : "—"
        instance.text = name ?? ""
        instance.visible = name != nil
    }
}
