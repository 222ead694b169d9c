import CGtk

/// One signal handler, disconnected when this value is dropped. Owners keep their connections
/// in a property, so a handler lives exactly as long as the view that made it.
///
/// The object is tracked weakly (`g_object_weak_ref`): an object disposed first has already
/// dropped its handlers, and disconnecting afterwards must not touch its freed memory.
final class SignalConnection {
    /// Nil once disconnected or once the object is disposed.
    private var instance: UnsafeMutableRawPointer?
    private let handler: gulong

    init(instance: UnsafeMutableRawPointer, handler: gulong) {
        self.instance = instance
        self.handler = handler
        g_object_weak_ref(instance.assumingMemoryBound(to: GObject.self), signalInstanceDisposed, Unmanaged.passUnretained(self).toOpaque())
    }

    /// True while the handler still runs when the signal is emitted.
    var isConnected: Bool {
        guard let instance else { return false }
        return g_signal_handler_is_connected(instance, handler) != 0
    }

    private func disconnect() {
        guard let instance else { return }
        self.instance = nil
        g_object_weak_unref(instance.assumingMemoryBound(to: GObject.self), signalInstanceDisposed, Unmanaged.passUnretained(self).toOpaque())
        if g_signal_handler_is_connected(instance, handler) != 0 { g_signal_handler_disconnect(instance, handler) }
    }

    fileprivate func instanceDisposed() { instance = nil }

    deinit { disconnect() }
}

/// GLib's weak-reference notification: the object is being disposed, its handlers with it.
private func signalInstanceDisposed(_ data: gpointer?, _ object: UnsafeMutablePointer<GObject>?) {
    guard let data else { return }
    Unmanaged<SignalConnection>.fromOpaque(data).takeUnretainedValue().instanceDisposed()
}
