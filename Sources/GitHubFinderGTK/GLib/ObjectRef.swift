import CGtk

/// Owns one reference to a GObject: sinks a floating reference on init, unrefs in `deinit`.
final class ObjectRef {
    let pointer: UnsafeMutableRawPointer

    /// Takes ownership of `pointer` (sinking it if floating).
    init(sinking pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        g_object_ref_sink(pointer)
    }

    /// Adopts a reference the caller already owns (a `_new` function's full-transfer result).
    init(adopting pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(pointer)
    }
}
