import CGtk

/// A weak reference to a GObject (GLib's `GWeakRef`): the way anything that outlives a
/// callback — a poster still downloading, a timer, an async result — refers to a widget.
/// It never keeps the object alive, and once the object is finalized it reads as nil,
/// whatever the allocator puts at the old address. Thread-safe (GWeakRef is).
final class WeakObject: @unchecked Sendable {
    private let reference: UnsafeMutablePointer<GWeakRef>

    init(_ object: UnsafeMutableRawPointer) {
        reference = .allocate(capacity: 1)
        reference.initialize(to: GWeakRef())
        g_weak_ref_init(reference, object)
    }

    /// A weak reference to a widget.
    @MainActor convenience init(_ widget: some WidgetRef) { self.init(UnsafeMutableRawPointer(widget.widget)) }

    deinit {
        g_weak_ref_clear(reference)
        reference.deallocate()
    }

    /// Runs `body` with the object, held by a strong reference for the call, when it is still alive.
    @discardableResult
    func withObject<T>(_ body: (UnsafeMutableRawPointer) -> T) -> T? {
        guard let object = g_weak_ref_get(reference) else { return nil }
        defer { g_object_unref(object) }
        return body(object)
    }

    var isAlive: Bool { withObject { _ in true } ?? false }
}

/// Holds the closure of one finalization watch until it runs.
private final class FinalizeBox: Sendable {
    let body: @MainActor () -> Void
    init(_ body: @escaping @MainActor () -> Void) { self.body = body }
}

private let finalizeThunk: GWeakNotify = { data, _ in
    let box = Unmanaged<FinalizeBox>.fromOpaque(data!).takeRetainedValue() // runs once: the box goes with it
    MainActor.assumeIsolated { box.body() }
}

/// Calls `body` once, while `object` is being finalized (`g_object_weak_ref`). Widgets are
/// finalized on the main thread. The object must not be touched from `body`.
@MainActor
func onFinalize(_ object: UnsafeMutableRawPointer, _ body: @escaping @MainActor () -> Void) {
    let box = Unmanaged.passRetained(FinalizeBox(body)).toOpaque()
    g_object_weak_ref(cast(object), finalizeThunk, box)
}

/// Calls `body` once, while `widget` is being finalized.
@MainActor
func onFinalize(_ widget: some WidgetRef, _ body: @escaping @MainActor () -> Void) {
    onFinalize(UnsafeMutableRawPointer(widget.widget), body)
}
