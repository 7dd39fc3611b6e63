import CGtk

/// The one pointer cast at the GObject boundary.
///
/// GTK's C API mixes `UnsafeMutablePointer<_GtkX>` (types with a public
/// struct) and `OpaquePointer` (final types, interfaces). GObject's type
/// system guarantees the upcasts we do (a GtkButton *is* a GtkWidget); the
/// target type is inferred from the C parameter. No runtime type check happens
/// here, so this is the only place that reinterprets pointers.
@inline(__always)
func cast<Source, Target>(_ pointer: Source) -> Target {
    precondition(MemoryLayout<Source>.size == MemoryLayout<Target>.size,
                 "cast is for pointers only")
    return unsafeBitCast(pointer, to: Target.self)
}

/// Takes ownership of a freshly created (floating) GObject, so the Swift side
/// holds a real reference that it releases with `g_object_unref`.
@inline(__always)
func refSink<T>(_ object: T) -> T {
    g_object_ref_sink(cast(object) as gpointer?)
    return object
}
