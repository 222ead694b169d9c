import CGtk

private final class TimeoutBox: Sendable {
    let action: @MainActor () -> Bool
    init(_ action: @escaping @MainActor () -> Bool) { self.action = action }
}

private func timeoutFired(_ data: UnsafeMutableRawPointer?) -> gboolean {
    let box = Unmanaged<TimeoutBox>.fromOpaque(data!).takeUnretainedValue()
    return MainActor.assumeIsolated { box.action() } ? 1 : 0
}

private func timeoutReleased(_ data: UnsafeMutableRawPointer?) {
    Unmanaged<TimeoutBox>.fromOpaque(data!).release()
}

/// GLib timeouts (Foundation timers do not fire inside GLib's loop).
@MainActor
enum Timeout {
    /// Runs `action` every `milliseconds` while it returns true. Returns the source id.
    @discardableResult
    static func every(milliseconds: UInt32, _ action: @escaping @MainActor () -> Bool) -> UInt32 {
        let box = Unmanaged.passRetained(TimeoutBox(action)).toOpaque()
        return g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, timeoutFired, box, timeoutReleased)
    }

    /// Runs `action` once after `milliseconds`.
    @discardableResult
    static func after(milliseconds: UInt32, _ action: @escaping @MainActor () -> Void) -> UInt32 {
        every(milliseconds: milliseconds) { action(); return false }
    }

    /// Runs `action` once when nothing more urgent is pending: after input, layout and the
    /// next frame are done.
    @discardableResult
    static func idle(_ action: @escaping @MainActor () -> Void) -> UInt32 {
        let box = Unmanaged.passRetained(TimeoutBox { action(); return false }).toOpaque()
        return g_idle_add_full(G_PRIORITY_DEFAULT_IDLE, timeoutFired, box, timeoutReleased)
    }

    static func cancel(_ id: UInt32) {
        if id != 0 { g_source_remove(id) }
    }
}
