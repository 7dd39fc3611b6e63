import CGtk
import Synchronization

/// Holds a Swift closure for the lifetime of one signal connection.
///
/// Retained when connected, released by GLib's destroy notify when the handler
/// is disconnected or its object is finalized. `live` counts boxes so tests can
/// prove nothing leaks.
final class SignalBox<Handler>: Sendable {
    nonisolated(unsafe) let handler: Handler
    init(_ handler: Handler) {
        self.handler = handler
        signalBoxesLive.add(1, ordering: .relaxed)
    }
    deinit { signalBoxesLive.subtract(1, ordering: .relaxed) }
}

/// Number of signal closure boxes currently alive (for tests and diagnostics).
let signalBoxesLive = Atomic<Int>(0)

typealias VoidHandler = @MainActor () -> Void
typealias ArgHandler = @MainActor (gpointer?) -> Void
typealias ArgIntHandler = @MainActor (gpointer?) -> Int32

private let releaseBox: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

private let voidThunk: @convention(c) (gpointer?, gpointer?) -> Void = { _, data in
    let box = Unmanaged<SignalBox<VoidHandler>>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.handler() }
}

private let argThunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { _, arg, data in
    let box = Unmanaged<SignalBox<ArgHandler>>.fromOpaque(data!).takeUnretainedValue()
    let address = UInt(bitPattern: arg) // GLib emits on the main thread; the pointer stays valid for the call
    MainActor.assumeIsolated { box.handler(UnsafeMutableRawPointer(bitPattern: address)) }
}

private let argIntThunk: @convention(c) (gpointer?, gpointer?, gpointer?) -> Int32 = { _, arg, data in
    let box = Unmanaged<SignalBox<ArgIntHandler>>.fromOpaque(data!).takeUnretainedValue()
    let address = UInt(bitPattern: arg)
    return MainActor.assumeIsolated { box.handler(UnsafeMutableRawPointer(bitPattern: address)) }
}

private func connect<Handler>(_ instance: gpointer?, _ signal: String, _ handler: Handler,
                              thunk: UnsafeRawPointer) -> gulong {
    let box = Unmanaged.passRetained(SignalBox(handler) as AnyObject).toOpaque()
    let callback = unsafeBitCast(thunk, to: GCallback.self)
    return g_signal_connect_data(instance, signal, callback, box, releaseBox, GConnectFlags(0))
}

/// Connects a handler for a signal of C shape `void (*)(Instance *, gpointer)`.
@MainActor @discardableResult
func onSignal<T>(_ instance: T, _ signal: String, _ handler: @escaping VoidHandler) -> gulong {
    connect(cast(instance), signal, handler, thunk: unsafeBitCast(voidThunk, to: UnsafeRawPointer.self))
}

/// Connects a handler for a signal of C shape `void (*)(Instance *, Arg, gpointer)`.
@MainActor @discardableResult
func onSignal<T>(_ instance: T, _ signal: String, withArgument handler: @escaping ArgHandler) -> gulong {
    connect(cast(instance), signal, handler, thunk: unsafeBitCast(argThunk, to: UnsafeRawPointer.self))
}

typealias BoolHandler = @MainActor () -> Bool

private let boolThunk: @convention(c) (gpointer?, gpointer?) -> Int32 = { _, data in
    let box = Unmanaged<SignalBox<BoolHandler>>.fromOpaque(data!).takeUnretainedValue()
    return MainActor.assumeIsolated { box.handler() ? 1 : 0 }
}

/// Connects a handler for a signal of C shape `gboolean (*)(Instance *, gpointer)` (`close-request`).
@MainActor @discardableResult
func onSignal<T>(_ instance: T, _ signal: String, returningBool handler: @escaping BoolHandler) -> gulong {
    connect(cast(instance), signal, handler, thunk: unsafeBitCast(boolThunk, to: UnsafeRawPointer.self))
}

/// Connects a handler for a signal of C shape `gint (*)(Instance *, Arg, gpointer)`.
@MainActor @discardableResult
func onSignal<T>(_ instance: T, _ signal: String, returning handler: @escaping ArgIntHandler) -> gulong {
    connect(cast(instance), signal, handler, thunk: unsafeBitCast(argIntThunk, to: UnsafeRawPointer.self))
}

typealias PositionHandler = @MainActor (Int) -> Void
typealias TwoNumberHandler = @MainActor (Int, Int) -> Void

private let positionThunk: @convention(c) (gpointer?, guint, gpointer?) -> Void = { _, position, data in
    let box = Unmanaged<SignalBox<PositionHandler>>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.handler(Int(position)) }
}

private let twoNumberThunk: @convention(c) (gpointer?, guint, guint, gpointer?) -> Void = { _, first, second, data in
    let box = Unmanaged<SignalBox<TwoNumberHandler>>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.handler(Int(first), Int(second)) }
}

/// Connects a handler for a signal of C shape `void (*)(Instance *, guint, gpointer)` (GtkListView::activate).
@MainActor @discardableResult
func onSignal<T>(_ instance: T, _ signal: String, withPosition handler: @escaping PositionHandler) -> gulong {
    connect(cast(instance), signal, handler, thunk: unsafeBitCast(positionThunk, to: UnsafeRawPointer.self))
}

/// Connects a handler for a signal of C shape `void (*)(Instance *, guint, guint, gpointer)`
/// (GtkSelectionModel::selection-changed: position, count).
@MainActor @discardableResult
func onSignal<T>(_ instance: T, _ signal: String, withTwoNumbers handler: @escaping TwoNumberHandler) -> gulong {
    connect(cast(instance), signal, handler, thunk: unsafeBitCast(twoNumberThunk, to: UnsafeRawPointer.self))
}

/// Disconnects a handler `onSignal` returned.
@MainActor
func disconnect<T>(_ instance: T, _ handler: gulong) { g_signal_handler_disconnect(cast(instance) as gpointer?, handler) }

typealias PressHandler = @MainActor (Int, Double, Double) -> Void

private let pressThunk: @convention(c) (gpointer?, gint, gdouble, gdouble, gpointer?) -> Void = { _, count, x, y, data in
    let box = Unmanaged<SignalBox<PressHandler>>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.handler(Int(count), x, y) }
}

/// Connects a handler for a signal of C shape `void (*)(Instance *, gint, gdouble, gdouble, gpointer)`
/// (GtkGestureClick::pressed: press count, x, y).
@MainActor @discardableResult
func onSignal<T>(_ instance: T, _ signal: String, withPress handler: @escaping PressHandler) -> gulong {
    connect(cast(instance), signal, handler, thunk: unsafeBitCast(pressThunk, to: UnsafeRawPointer.self))
}

typealias IntHandler = @MainActor (Int32) -> Void

private let intThunk: @convention(c) (gpointer?, gint, gpointer?) -> Void = { _, value, data in
    let box = Unmanaged<SignalBox<IntHandler>>.fromOpaque(data!).takeUnretainedValue()
    MainActor.assumeIsolated { box.handler(value) }
}

/// Connects a handler for a signal of C shape `void (*)(Instance *, gint, gpointer)` (GtkNativeDialog::response).
@MainActor @discardableResult
func onSignal<T>(_ instance: T, _ signal: String, withInt handler: @escaping IntHandler) -> gulong {
    connect(cast(instance), signal, handler, thunk: unsafeBitCast(intThunk, to: UnsafeRawPointer.self))
}

typealias DropHandler = @MainActor (UnsafePointer<GValue>?) -> Bool

private let dropThunk: @convention(c) (gpointer?, UnsafePointer<GValue>?, gdouble, gdouble, gpointer?) -> gboolean = { _, value, _, _, data in
    let box = Unmanaged<SignalBox<DropHandler>>.fromOpaque(data!).takeUnretainedValue()
    let address = UInt(bitPattern: value) // valid for the emission, on the main thread
    return MainActor.assumeIsolated { box.handler(UnsafePointer(bitPattern: address)) } ? 1 : 0
}

/// Connects a handler for GtkDropTarget::drop: `gboolean (*)(Instance *, const GValue *, double, double, gpointer)`.
@MainActor @discardableResult
func onSignal<T>(_ instance: T, _ signal: String, withDroppedValue handler: @escaping DropHandler) -> gulong {
    connect(cast(instance), signal, handler, thunk: unsafeBitCast(dropThunk, to: UnsafeRawPointer.self))
}

typealias FilesHandler = @MainActor ([String]) -> Void

private let filesThunk: @convention(c) (gpointer?, UnsafeMutablePointer<OpaquePointer?>?, gint, UnsafePointer<CChar>?, gpointer?) -> Void = {
    _, files, count, _, data in
    let box = Unmanaged<SignalBox<FilesHandler>>.fromOpaque(data!).takeUnretainedValue()
    var uris: [String] = []
    for index in 0..<Int(max(count, 0)) {
        guard let file = files?[index], let uri = g_file_get_uri(file) else { continue }
        uris.append(String(cString: uri))
        g_free(uri)
    }
    MainActor.assumeIsolated { box.handler(uris) }
}

/// Connects a handler for GApplication::open: `void (*)(Instance *, GFile **, gint, gchar *, gpointer)`; it gets each file's URI.
@MainActor @discardableResult
func onSignal<T>(_ instance: T, _ signal: String, withFiles handler: @escaping FilesHandler) -> gulong {
    connect(cast(instance), signal, handler, thunk: unsafeBitCast(filesThunk, to: UnsafeRawPointer.self))
}

typealias TooltipHandler = @MainActor () -> String?

private let tooltipThunk: @convention(c) (gpointer?, gint, gint, gboolean, gpointer?, gpointer?) -> gboolean = { _, _, _, _, tooltip, data in
    let box = Unmanaged<SignalBox<TooltipHandler>>.fromOpaque(data!).takeUnretainedValue()
    let address = UInt(bitPattern: tooltip) // the GtkTooltip, valid for the emission, on the main thread
    return MainActor.assumeIsolated {
        guard let text = box.handler(), let tooltip = OpaquePointer(bitPattern: address) else { return 0 }
        gtk_tooltip_set_text(tooltip, ShownText.clean(text))
        return 1
    }
}

/// Connects a handler for GtkWidget::query-tooltip,
/// `gboolean (*)(GtkWidget *, int, int, gboolean, GtkTooltip *, gpointer)`: the tooltip's text, or nil for none.
@MainActor @discardableResult
func onSignal<T>(_ instance: T, _ signal: String, tooltip handler: @escaping TooltipHandler) -> gulong {
    connect(cast(instance), signal, handler, thunk: unsafeBitCast(tooltipThunk, to: UnsafeRawPointer.self))
}
