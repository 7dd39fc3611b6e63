import CGtk

/// A centred icon, title, explanation and optional action button: the shape of
/// every non-content state (empty, unavailable, unauthorized, disabled, welcome).
@MainActor
enum StatusPage {
    static func make(icon: String, title: String, detail: String,
                     button: (title: String, action: String)? = nil) -> Widget {
        let column = UI.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        UI.center(column)
        UI.margins(column, 36)

        let image = gtk_image_new_from_icon_name(icon)!
        gtk_image_set_pixel_size(cast(image), 96)
        UI.addClasses(image, ["dim-label"])
        UI.hideFromAccessibility(image)

        let heading = UI.label(title, classes: ["title-1"], wrap: true, justify: GTK_JUSTIFY_CENTER)
        let body = UI.label(detail, classes: ["body"], wrap: true, justify: GTK_JUSTIFY_CENTER)
        UI.append(column, image, heading, body)

        if let button {
            let widget = UI.button(button.title, action: button.action, classes: ["suggested-action", "pill"])
            gtk_widget_set_halign(widget, GTK_ALIGN_CENTER)
            gtk_widget_set_margin_top(widget, 12)
            gtk_widget_set_size_request(widget, -1, 44)
            UI.append(column, widget)
        }
        return column
    }
}

