import CGtk
import Core
import Foundation

/// The Settings list's widgets: pure builders, no dialog state.
@MainActor
enum SettingsRows {
    /// One configured service in the list: icon, name, addresses, status, enable switch, edit and remove.
    static func service(_ config: ServiceConfig, status: (icon: String, text: String),
                        onToggle: @escaping @MainActor (Bool) -> Void) -> Widget {
        let box = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        UI.margins(box, 10)
        gtk_widget_set_margin_start(box, 12)
        let icon = gtk_image_new_from_icon_name(Strings.kindIcon(config.kind))!
        gtk_image_set_icon_size(cast(icon), GTK_ICON_SIZE_LARGE)
        UI.hideFromAccessibility(icon)

        let text = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        gtk_widget_set_hexpand(text, 1)
        gtk_widget_set_valign(text, GTK_ALIGN_CENTER)
        UI.append(text, UI.line(config.displayName, classes: ["heading"]))
        var facts = [config.kind.displayName]
        if let local = config.localEndpoint { facts.append("local \(local.displayString)") }
        if let remote = config.remoteEndpoint { facts.append("remote \(remote.displayString)") }
        UI.append(text, UI.line(facts.joined(separator: " · "), classes: ["dim-label", "caption"]))
        let statusBox = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
        let statusIcon = gtk_image_new_from_icon_name(status.icon)!
        UI.hideFromAccessibility(statusIcon)
        UI.append(statusBox, statusIcon, UI.line(status.text, classes: ["caption"]))
        UI.append(text, statusBox)

        let toggle = gtk_switch_new()!
        gtk_switch_set_active(cast(toggle), config.enabled ? 1 : 0)
        gtk_widget_set_valign(toggle, GTK_ALIGN_CENTER)
        UI.setAccessibleLabel(toggle, "Enable \(config.displayName)")
        gtk_widget_set_tooltip_text(toggle, config.enabled ? "Enabled" : "Disabled")
        let id = config.id
        onSignal(toggle, "notify::active", withArgument: { _ in onToggle(gtk_switch_get_active(cast(toggle)) != 0) })

        let edit = UI.iconButton(icon: "document-edit-symbolic", name: "Edit \(config.displayName)",
                                 tooltip: "Edit", action: "settings.edit::\(id.uuidString.lowercased())")
        let remove = UI.iconButton(icon: "user-trash-symbolic", name: "Remove \(config.displayName)",
                                   tooltip: "Remove", action: "settings.remove::\(id.uuidString.lowercased())")
        for button in [edit, remove] {
            gtk_widget_set_valign(button, GTK_ALIGN_CENTER)
            UI.addClasses(button, ["flat"])
        }
        UI.append(box, icon, text, toggle, edit, remove)
        return box
    }

    /// A warning above the list (the keyring is not available, a removal left files behind).
    static func banner(_ text: String) -> Widget {
        let box = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10, classes: ["card", "stale-bar"])
        gtk_widget_set_margin_bottom(box, 6)
        let icon = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
        UI.hideFromAccessibility(icon)
        gtk_widget_set_margin_start(icon, 12)
        let label = UI.label(text, wrap: true)
        gtk_label_set_xalign(cast(label), 0)
        gtk_widget_set_hexpand(label, 1)
        UI.margins(label, 10)
        gtk_widget_set_margin_start(label, 0)
        UI.append(box, icon, label)
        return box
    }

    /// "Series library, queue and calendar", "Torrent client · user name and password": from what the kind is.
    static func kindSummary(_ kind: ServiceKind) -> String {
        if let library = kind.libraryKind {
            return (library == .series ? "Series" : "Movie") + " library, queue and calendar"
        }
        let client = switch kind.downloadProtocol {
        case .torrent: "Torrent client"
        case .usenet: "Usenet client"
        case .unknown: "Download client"
        }
        let credential = switch kind.credentialShape {
        case .apiKey: "API key"
        case .usernamePassword: "user name and password"
        case .passwordOnly: "web UI password"
        }
        return "\(client) · \(credential)"
    }

    /// The list before any service was added.
    static func noServices() -> Widget {
        let empty = StatusPage.make(icon: "network-workgroup-symbolic", title: "No Services Yet",
                                    detail: "Add Sonarr, Radarr or a download client. Its address is saved in a settings file; its key or password only in your keyring.",
                                    button: ("_Add Service…", "settings.add"))
        gtk_widget_set_vexpand(empty, 1)
        return empty
    }

    /// A kind to add: its icon, name and what it is.
    static func kindButton(_ kind: ServiceKind) -> Widget {
        let button = gtk_button_new()!
        UI.addClasses(button, ["flat"])
        let box = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        UI.margins(box, 6)
        let icon = gtk_image_new_from_icon_name(Strings.kindIcon(kind))!
        gtk_image_set_icon_size(cast(icon), GTK_ICON_SIZE_LARGE)
        UI.hideFromAccessibility(icon)
        let text = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 2)
        UI.append(text, UI.line(kind.displayName, classes: ["heading"]),
                  UI.line(kindSummary(kind), classes: ["dim-label", "caption"]))
        UI.append(box, icon, text)
        gtk_button_set_child(cast(button), box)
        gtk_actionable_set_detailed_action_name(cast(button), "settings.add-kind::\(kind.rawValue)")
        UI.setAccessibleLabel(button, kind.displayName)
        UI.setAccessibleDescription(button, kindSummary(kind))
        return button
    }

    /// The removal question, with Cancel (returned: it takes the focus, the safe default) and Remove.
    static func confirmRemoval(_ config: ServiceConfig) -> (page: Widget, cancel: Widget) {
        let secretWords = switch config.kind.credentialShape {
        case .apiKey: "API key"
        case .usernamePassword: "user name and password"
        case .passwordOnly: "password"
        }
        let page = StatusPage.make(
            icon: "user-trash-symbolic", title: "Remove “\(config.displayName)”?",
            detail: "Its \(secretWords) is deleted from your keyring, its cached data from this computer and its settings from Switchyard. The service itself is not changed.")
        let buttons = UI.box(GTK_ORIENTATION_HORIZONTAL, spacing: 12)
        gtk_widget_set_halign(buttons, GTK_ALIGN_CENTER)
        let keep = UI.button("_Cancel", action: "settings.cancel", classes: ["pill"])
        let remove = UI.button("_Remove", action: "settings.confirm-remove", classes: ["destructive-action", "pill"])
        UI.setAccessibleLabel(remove, "Remove \(config.displayName)")
        UI.append(buttons, keep, remove)
        UI.append(page, buttons)
        return (page, keep)
    }
}
