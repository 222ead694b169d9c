import CGtk
import Foundation

/// Connects Swift closures to GObject signals. Each closure is boxed, retained by GLib's handler
/// and released by its destroy-notify when the handler goes (disconnected, or the object
/// disposed). Each connection returns a `SignalConnection`: dropping it disconnects, so owners
/// keep it. Closures run on the main thread (GTK's), so they are `@MainActor`. Capture widgets
/// and views weakly: a closure that holds its own widget keeps that widget alive.
private final class SignalBox<Closure> {
    let closure: Closure
    init(_ closure: Closure) { self.closure = closure }
}

/// Releases the box when GLib drops the handler (the object was finalized or disconnected).
private func releaseSignalBox(_ data: UnsafeMutableRawPointer?, _ closure: UnsafeMutablePointer<GClosure>?) {
    guard let data else { return }
    Unmanaged<AnyObject>.fromOpaque(data).release()
}

private func unbox<Closure>(_ data: UnsafeMutableRawPointer?) -> Closure {
    (Unmanaged<AnyObject>.fromOpaque(data!).takeUnretainedValue() as! SignalBox<Closure>).closure
}

@MainActor
enum Signals {
    private static func connect<Closure>(_ instance: UnsafeMutableRawPointer, _ signal: String, _ closure: Closure, trampoline: GCallback) -> SignalConnection {
        let box = Unmanaged.passRetained(SignalBox(closure) as AnyObject).toOpaque()
        let handler = g_signal_connect_data(instance, signal, trampoline, box, releaseSignalBox, GConnectFlags(rawValue: 0))
        return SignalConnection(instance: instance, handler: handler)
    }

    /// `void handler(instance, user_data)`: clicked, changed, activate, destroy…
    static func on(_ instance: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping @MainActor () -> Void) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, data in
            let action: @MainActor () -> Void = unbox(data)
            MainActor.assumeIsolated { action() }
        }
        return connect(instance, signal, action, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void handler(instance, GParamSpec *pspec, user_data)`: "notify::PROPERTY". Notify handlers
    /// take three arguments: connected with `on`, one would read the GParamSpec as the closure
    /// box and crash.
    static func onNotify(_ instance: UnsafeMutableRawPointer, _ property: String, _ action: @escaping @MainActor () -> Void) -> SignalConnection {
        onPointer(instance, "notify::\(property)") { _ in action() }
    }

    /// `void handler(instance, gpointer arg, user_data)`: a list factory's setup/bind/unbind.
    static func onPointer(_ instance: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping @MainActor (UnsafeMutableRawPointer) -> Void) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, argument, data in
            let action: @MainActor (UnsafeMutableRawPointer) -> Void = unbox(data)
            guard let argument else { return }
            MainActor.assumeIsolated { action(argument) }
        }
        return connect(instance, signal, action, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void handler(instance, guint arg, user_data)`: a list view's activate(position).
    static func onIndex(_ instance: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping @MainActor (UInt32) -> Void) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Void = { _, index, data in
            let action: @MainActor (UInt32) -> Void = unbox(data)
            MainActor.assumeIsolated { action(index) }
        }
        return connect(instance, signal, action, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void response(AdwMessageDialog*, const char *response, user_data)`.
    static func onResponse(_ instance: UnsafeMutableRawPointer, _ action: @escaping @MainActor (String) -> Void) -> SignalConnection {
        onPointer(instance, "response") { action(String(cString: $0.assumingMemoryBound(to: CChar.self))) }
    }

    /// `gboolean handler(instance, user_data)`: close-request. Return true to stop it.
    static func onBool(_ instance: UnsafeMutableRawPointer, _ signal: String, _ action: @escaping @MainActor () -> Bool) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> gboolean = { _, data in
            let action: @MainActor () -> Bool = unbox(data)
            return MainActor.assumeIsolated { action() } ? 1 : 0
        }
        return connect(instance, signal, action, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean activate-link(GtkLabel*, const char *uri, user_data)`. Return true when handled
    /// (GTK then opens nothing itself).
    static func onActivateLink(_ instance: UnsafeMutableRawPointer, _ action: @escaping @MainActor (String) -> Bool) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutableRawPointer?) -> gboolean = { _, uri, data in
            let action: @MainActor (String) -> Bool = unbox(data)
            let text = uri.map { String(cString: $0) } ?? ""
            return MainActor.assumeIsolated { action(text) } ? 1 : 0
        }
        return connect(instance, "activate-link", action, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean key-pressed(controller, keyval, keycode, state, user_data)`.
    static func onKeyPressed(_ instance: UnsafeMutableRawPointer, _ action: @escaping @MainActor (_ keyval: UInt32, _ state: UInt32) -> Bool) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, UInt32, UInt32, UInt32, UnsafeMutableRawPointer?) -> gboolean = { _, keyval, _, state, data in
            let action: @MainActor (UInt32, UInt32) -> Bool = unbox(data)
            return MainActor.assumeIsolated { action(keyval, state) } ? 1 : 0
        }
        return connect(instance, "key-pressed", action, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `gboolean query-tooltip(widget, x, y, keyboard_mode, GtkTooltip*, user_data)`: the text now.
    static func onQueryTooltip(_ instance: UnsafeMutableRawPointer, _ text: @escaping @MainActor () -> String) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, Int32, Int32, gboolean, OpaquePointer?, UnsafeMutableRawPointer?) -> gboolean = { _, _, _, _, tooltip, data in
            let text: @MainActor () -> String = unbox(data)
            let value = MainActor.assumeIsolated { text() }
            guard !value.isEmpty, let tooltip else { return 0 }
            gtk_tooltip_set_text(tooltip, value)
            return 1
        }
        return connect(instance, "query-tooltip", text, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// `void activate(GSimpleAction*, GVariant *parameter, user_data)` for GActions.
    static func onAction(_ action: OpaquePointer, _ handler: @escaping @MainActor (OpaquePointer?) -> Void) -> SignalConnection {
        let trampoline: @convention(c) (UnsafeMutableRawPointer?, OpaquePointer?, UnsafeMutableRawPointer?) -> Void = { _, parameter, data in
            let handler: @MainActor (OpaquePointer?) -> Void = unbox(data)
            MainActor.assumeIsolated { handler(parameter) }
        }
        return connect(UnsafeMutableRawPointer(action), "activate", handler, trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }
}
