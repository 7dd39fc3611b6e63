import CGtk
import Core
import Foundation

/// The Settings list's widgets: pure builders, no dialog state.
@MainActor
enum SettingsRows {
    /// One configured service in the list: icon, name, addresses, status, enable switch, edit and remove.
    static func service(_ config: ServiceConfig, status: (icon: String, text: String),
                        onToggle: @escaping @MainActor (Bool) -> Void) -> Box {
        let box = Box.horizontal(spacing: 12)
        box.margins(10, start: 12)
        let icon = Image(icon: Strings.kindIcon(config.kind))
        icon.setIconSize(GTK_ICON_SIZE_LARGE)
        icon.hideFromAccessibility()

        let text = Box.vertical(spacing: 2)
        text.hexpand = true
        text.valign = GTK_ALIGN_CENTER
        text.append(Label.line(config.displayName, classes: ["heading"]))
        var facts = [config.kind.displayName]
        if let local = config.localEndpoint { facts.append(tr("local %s").fill(local.displayString)) }
        if let remote = config.remoteEndpoint { facts.append(tr("remote %s").fill(remote.displayString)) }
        // Two addresses may not fit the dialog: the line shortens, and its tooltip keeps it whole.
        let factsLine = Label.line(facts.joined(separator: " · "), classes: ["dim-label", "caption"])
        factsLine.tooltip = factsLine.text
        text.append(factsLine)
        let statusBox = Box.horizontal(spacing: 6)
        let statusIcon = Image.decorative(status.icon)
        statusBox.append(statusIcon, Label.line(status.text, classes: ["caption"]))
        text.append(statusBox)

        let toggle = Switch()
        toggle.active = config.enabled
        toggle.valign = GTK_ALIGN_CENTER
        toggle.setAccessibleLabel(tr("Enable %s").fill(config.displayName))
        toggle.tooltip = config.enabled ? tr("Enabled") : tr("Disabled")
        let id = config.id
        toggle.onToggled(onToggle)

        let edit = Button(icon: "document-edit-symbolic", name: tr("Edit %s").fill(config.displayName),
                          tooltip: tr("Edit"), action: "settings.edit::\(id.uuidString.lowercased())")
        let remove = Button(icon: "user-trash-symbolic", name: tr("Remove %s").fill(config.displayName),
                            tooltip: tr("Remove"), action: "settings.remove::\(id.uuidString.lowercased())")
        for button in [edit, remove] {
            button.valign = GTK_ALIGN_CENTER
            button.addClasses(["flat"])
        }
        box.append(icon, text, toggle, edit, remove)
        return box
    }

    /// A warning above the list (the keyring is not available, a removal left files behind).
    static func banner(_ text: String) -> Box {
        let box = Box.horizontal(spacing: 10, classes: ["card", "stale-bar"])
        box.margin(bottom: 6)
        let icon = Image.decorative("dialog-warning-symbolic")
        icon.margin(start: 12)
        let label = Label.wrapping(text)
        label.hexpand = true
        label.margins(10, start: 0)
        box.append(icon, label)
        return box
    }

    /// "Series library, queue and calendar", "Torrent client · user name and password", "Indexer manager · API key":
    /// from what the kind is — its role first, then what it holds and how it signs in.
    static func kindSummary(_ kind: ServiceKind) -> String {
        let what: String
        switch kind.role {
        case .orchestrator:
            if let library = kind.library { return LibraryPresentations.of(library.id).words.summary }
            what = tr("Orchestrator")
        case .transferClient:
            what = switch kind.downloadProtocol {
            case .torrent: tr("Torrent client")
            case .usenet: tr("Usenet client")
            case .unknown: tr("Download client")
            }
        case .indexerManager: what = tr("Indexer manager")
        case .requestManager: what = tr("Request manager")
        }
        let credential = switch kind.credentialShape {
        case .apiKey: tr("API key")
        case .usernamePassword: tr("user name and password")
        case .passwordOnly: tr("web UI password")
        }
        return "\(what) · \(credential)"
    }

    /// The list before any service was added.
    static func noServices() -> Box {
        let empty = StatusPage.make(icon: "network-workgroup-symbolic", title: tr("No Services Yet"),
                                    // Translators: %s lists the kinds of service besides download clients ("Sonarr, Radarr, Lidarr, Prowlarr, Jellyseerr / Overseerr").
                                    detail: tr("Add %s or a download client. Its address is saved in a settings file; its key or password only in your keyring.")
                                        .fill(Strings.serviceNamesBesideClients),
                                    button: (tr("_Add Service…"), "settings.add"))
        empty.vexpand = true
        return empty
    }

    /// A kind to add: its icon, name and what it is.
    static func kindButton(_ kind: ServiceKind) -> Button {
        let button = Button()
        button.addClasses(["flat"])
        let box = Box.horizontal(spacing: 12)
        box.margins(6)
        let icon = Image(icon: Strings.kindIcon(kind))
        icon.setIconSize(GTK_ICON_SIZE_LARGE)
        icon.hideFromAccessibility()
        let text = Box.vertical(spacing: 2)
        text.append(Label.line(kind.displayName, classes: ["heading"]),
                    Label.line(kindSummary(kind), classes: ["dim-label", "caption"]))
        box.append(icon, text)
        button.setChild(box)
        button.setAction("settings.add-kind::\(kind.rawValue)")
        button.setAccessibleLabel(kind.displayName)
        button.setAccessibleDescription(kindSummary(kind))
        return button
    }

    /// The removal question, with Cancel (returned: it takes the focus, the safe default) and Remove.
    static func confirmRemoval(_ config: ServiceConfig) -> (page: Box, cancel: Button) {
        let detail = switch config.kind.credentialShape {
        case .apiKey:
            tr("Its API key is deleted from your keyring, its cached data from this computer and its settings from Switchyard. The service itself is not changed.")
        case .usernamePassword:
            tr("Its user name and password are deleted from your keyring, its cached data from this computer and its settings from Switchyard. The service itself is not changed.")
        case .passwordOnly:
            tr("Its password is deleted from your keyring, its cached data from this computer and its settings from Switchyard. The service itself is not changed.")
        }
        let page = StatusPage.make(
            icon: "user-trash-symbolic", title: tr("Remove “%s”?").fill(config.displayName), detail: detail)
        let buttons = Box.horizontal(spacing: 12)
        buttons.halign = GTK_ALIGN_CENTER
        let keep = Button(tr("_Cancel"), action: "settings.cancel", classes: ["pill"])
        let remove = Button(tr("_Remove"), action: "settings.confirm-remove", classes: ["destructive-action", "pill"])
        remove.setAccessibleLabel(tr("Remove %s").fill(config.displayName))
        buttons.append(keep, remove)
        page.append(buttons)
        return (page, keep)
    }
}
