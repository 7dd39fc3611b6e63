import CGtk

/// A centred icon, title, explanation and optional action button: the shape of
/// every non-content state (empty, unavailable, unauthorized, disabled, welcome).
@MainActor
enum StatusPage {
    static func make(icon: String, title: String, detail: String,
                     button: (title: String, action: String)? = nil) -> Box {
        let column = Box.vertical(spacing: 12)
        column.center()
        column.margins(36)

        let image = Image.decorative(icon)
        image.setPixelSize(96)
        image.addClasses(["dim-label"])

        let heading = Label.wrapping(title, classes: ["title-1"], justify: GTK_JUSTIFY_CENTER, leading: false)
        let body = Label.wrapping(detail, classes: ["body"], justify: GTK_JUSTIFY_CENTER, leading: false)
        column.append(image, heading, body)

        if let button {
            let action = Button(button.title, action: button.action, classes: ["suggested-action", "pill"])
            action.halign = GTK_ALIGN_CENTER
            action.margin(top: 12)
            action.sizeRequest(width: -1, height: 44)
            column.append(action)
        }
        return column
    }
}
