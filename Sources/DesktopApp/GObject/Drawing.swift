import CGtk
import Foundation

// A widget Switchyard draws itself (the speed graphs), and the few cairo and pango calls it draws with.

/// A colour, its parts from 0 to 1.
struct Colour: Equatable {
    var red: Double, green: Double, blue: Double, alpha: Double = 1

    func with(alpha: Double) -> Colour { Colour(red: red, green: green, blue: blue, alpha: alpha) }
}

/// Text laid out once and drawn again in later frames (a graph redrawn under the pointer shapes its scale and marks
/// once, not every frame). Emptied by its owner when what it draws changes; held texts use the fonts they were made with.
@MainActor
final class TextLayouts {
    private var layouts: [String: OpaquePointer] = [:]

    fileprivate func layout(_ text: String, widget: Widget) -> OpaquePointer? {
        if let layout = layouts[text] { return layout }
        guard let layout = gtk_widget_create_pango_layout(widget, text) else { return nil }
        layouts[text] = layout
        return layout
    }

    func removeAll() {
        for layout in layouts.values { g_object_unref(UnsafeMutableRawPointer(layout)) }
        layouts = [:]
    }

    isolated deinit { removeAll() }
}

/// What the draw function is handed: the cairo context of one frame, and the widget (for its fonts and colours).
@MainActor
struct Canvas {
    fileprivate let cairo: OpaquePointer
    fileprivate let widget: Widget
    /// Where texts drawn with `keep` are held between frames.
    private var kept: TextLayouts?

    fileprivate init(cairo: OpaquePointer, widget: Widget) {
        self.cairo = cairo
        self.widget = widget
    }

    /// The same canvas, holding the texts it lays out in `layouts`.
    func keeping(_ layouts: TextLayouts) -> Canvas {
        var canvas = self
        canvas.kept = layouts
        return canvas
    }

    /// A laid-out `text`, held for later frames when `keep` (and the canvas keeps texts), else to be released by `body`.
    private func withLayout<T>(_ text: String, keep: Bool, _ body: (OpaquePointer) -> T) -> T? {
        if keep, let kept { return kept.layout(text, widget: widget).map(body) }
        guard let layout = gtk_widget_create_pango_layout(widget, text) else { return nil }
        defer { g_object_unref(UnsafeMutableRawPointer(layout)) }
        return body(layout)
    }

    func set(_ colour: Colour) { cairo_set_source_rgba(cairo, colour.red, colour.green, colour.blue, colour.alpha) }
    func lineWidth(_ width: Double) { cairo_set_line_width(cairo, width) }
    func dash(_ lengths: [Double]) { cairo_set_dash(cairo, lengths, Int32(lengths.count), 0) }
    func move(_ x: Double, _ y: Double) { cairo_move_to(cairo, x, y) }
    func line(_ x: Double, _ y: Double) { cairo_line_to(cairo, x, y) }
    func close() { cairo_close_path(cairo) }
    func rectangle(_ x: Double, _ y: Double, _ width: Double, _ height: Double) { cairo_rectangle(cairo, x, y, width, height) }
    func stroke() { cairo_stroke(cairo) }
    func fill() { cairo_fill(cairo) }
    func save() { cairo_save(cairo) }
    func restore() { cairo_restore(cairo) }

    /// The size `text` takes in the widget's font.
    func measure(_ text: String, keep: Bool = true) -> (width: Double, height: Double) {
        withLayout(text, keep: keep) { layout in
            var width: Int32 = 0, height: Int32 = 0
            pango_layout_get_pixel_size(layout, &width, &height)
            return (Double(width), Double(height))
        } ?? (0, 0)
    }

    /// Writes `text` in the widget's font with its top left at `x`, `y`.
    func text(_ text: String, x: Double, y: Double, keep: Bool = true) {
        _ = withLayout(text, keep: keep) { layout in
            cairo_move_to(cairo, x, y)
            pango_cairo_show_layout(cairo, layout)
        }
    }
}

extension Canvas {
    /// Runs `body` on a canvas over an offscreen image of `width` × `height` (benchmarks: a redraw's cost without
    /// GTK's own compositing), in `widget`'s fonts.
    static func offscreen(width: Int32, height: Int32, widget: some WidgetRef, _ body: (Canvas) -> Void) {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height) else { return }
        defer { cairo_surface_destroy(surface) }
        guard let cairo = cairo_create(surface) else { return }
        defer { cairo_destroy(cairo) }
        body(Canvas(cairo: cairo, widget: widget.widget))
        cairo_surface_flush(surface)
    }
}

typealias DrawHandler = @MainActor (Canvas, Double, Double) -> Void
typealias PointerHandler = @MainActor (Double, Double) -> Void

/// Holds the draw function's closure for as long as the area has it.
private final class DrawBox: Sendable {
    nonisolated(unsafe) let handler: DrawHandler
    init(_ handler: @escaping DrawHandler) { self.handler = handler }
}

private let drawThunk: @convention(c) (UnsafeMutablePointer<GtkDrawingArea>?, OpaquePointer?, Int32, Int32, gpointer?) -> Void = { area, cairo, width, height, data in
    guard let area, let cairo, let data else { return }
    let box = Unmanaged<DrawBox>.fromOpaque(data).takeUnretainedValue()
    let address = UInt(bitPattern: area), context = UInt(bitPattern: cairo) // GTK draws on the main thread
    MainActor.assumeIsolated {
        box.handler(Canvas(cairo: OpaquePointer(bitPattern: context)!, widget: UnsafeMutablePointer(bitPattern: address)!),
                    Double(width), Double(height))
    }
}

private let motionThunk: @convention(c) (gpointer?, gdouble, gdouble, gpointer?) -> Void = { _, x, y, data in
    let box = Unmanaged<SignalBox<PointerHandler>>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.handler(x, y) }
}

private let releaseDrawBox: GDestroyNotify = { data in
    guard let data else { return }
    Unmanaged<DrawBox>.fromOpaque(data).release()
}

@MainActor
struct DrawingArea: WidgetRef {
    let widget: Widget

    /// An area a screen reader takes for an image (its role is fixed when it is made: GtkDrawingArea's own is none).
    init(width: Int32, height: Int32) {
        var role = GValue()
        g_value_init(&role, gtk_accessible_role_get_type())
        g_value_set_enum(&role, Int32(GTK_ACCESSIBLE_ROLE_IMG.rawValue))
        var names: [UnsafePointer<CChar>?] = [UnsafePointer(strdup("accessible-role"))]
        defer { free(UnsafeMutablePointer(mutating: names[0])) }
        widget = withUnsafeMutablePointer(to: &role) { value in
            cast(g_object_new_with_properties(gtk_drawing_area_get_type(), 1, &names, value))
        }
        g_value_unset(&role)
        gtk_drawing_area_set_content_width(cast(widget), width)
        gtk_drawing_area_set_content_height(cast(widget), height)
    }

    /// What draws the area (its size in pixels given); replaces an earlier one.
    func onDraw(_ handler: @escaping DrawHandler) {
        let box = Unmanaged.passRetained(DrawBox(handler)).toOpaque()
        gtk_drawing_area_set_draw_func(cast(widget), drawThunk, box, releaseDrawBox)
    }

    func queueDraw() { gtk_widget_queue_draw(widget) }

    /// The pointer moving over the area (its coordinates), and leaving it.
    func onPointer(moved: @escaping PointerHandler, left: @escaping VoidHandler) {
        let motion = gtk_event_controller_motion_new()!
        let box = Unmanaged.passRetained(SignalBox(moved) as AnyObject).toOpaque()
        g_signal_connect_data(cast(motion), "motion", unsafeBitCast(motionThunk, to: GCallback.self), box, { data, _ in
            guard let data else { return }
            Unmanaged<AnyObject>.fromOpaque(data).release()
        }, GConnectFlags(0))
        onSignal(motion, "leave", left)
        gtk_widget_add_controller(widget, motion)
    }

    /// The widget's text colour now (light or dark appearance).
    var foreground: Colour {
        var rgba = GdkRGBA()
        gtk_style_context_get_color(gtk_widget_get_style_context(widget), &rgba)
        return Colour(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
    }

    /// A colour the theme names (`accent_color`, `success_color`…), or `fallback` when it has none by that name.
    func themeColour(_ name: String, fallback: Colour) -> Colour {
        var rgba = GdkRGBA()
        guard gtk_style_context_lookup_color(gtk_widget_get_style_context(widget), name, &rgba) != 0 else { return fallback }
        return Colour(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
    }
}
