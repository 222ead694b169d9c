import CGtk
import CGtkSupport
import Foundation

/// GLib main-context helpers: the Dispatch bridge and, for tests, running the loop until a
/// condition holds.
@MainActor
public enum MainLoop {
    /// Lets `@MainActor` work and `DispatchQueue.main` run inside GLib's main loop.
    public static func installDispatchBridge() {
        ghf_install_main_queue_bridge()
    }

    /// Iterates the default main context until `condition` is true; false after `timeout`.
    @discardableResult
    public static func run(until condition: () -> Bool, timeout: TimeInterval = 10) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while !condition() {
            if Date() > deadline { return false }
            if g_main_context_iteration(nil, 0) == 0 { usleep(2_000) }
        }
        return true
    }

    /// Iterates for `seconds`, processing whatever comes (redraws, timeouts).
    public static func run(for seconds: TimeInterval) {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if g_main_context_iteration(nil, 0) == 0 { usleep(2_000) }
        }
    }
}
