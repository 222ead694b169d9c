import CGtk
import Foundation
import GitHubFinderCore

/// `org.gnome.Shell.SearchProvider2` on the session bus, at `objectPath`: GNOME Shell's search
/// answered from the favorites (`ShellSearch`, Core), whether the window is open or the app was
/// started by D-Bus as a service with no window. Exported on the process's shared session-bus
/// connection before the application takes its name, so no call can arrive before it.
///
/// Started by D-Bus, calls are answered on a thread of the provider's own (its GMainContext is
/// the one the object was registered from, which is where GDBus delivers them): a cold start's
/// first search does not wait for GTK to initialise (some 200 ms). With a window, on the main
/// loop. What touches the window (ActivateResult, LaunchSearch) always goes to the main thread.
final class ShellSearchProvider: @unchecked Sendable {
    static let objectPath = "/io/github/githubfinder/GitHubFinder/SearchProvider"
    static let interfaceName = "org.gnome.Shell.SearchProvider2"
    static let icon = "io.github.githubfinder.GitHubFinder"

    private static let introspection = """
        <node>
          <interface name="org.gnome.Shell.SearchProvider2">
            <method name="GetInitialResultSet">
              <arg type="as" name="terms" direction="in"/><arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetSubsearchResultSet">
              <arg type="as" name="previous_results" direction="in"/><arg type="as" name="terms" direction="in"/>
              <arg type="as" name="results" direction="out"/>
            </method>
            <method name="GetResultMetas">
              <arg type="as" name="identifiers" direction="in"/><arg type="aa{sv}" name="metas" direction="out"/>
            </method>
            <method name="ActivateResult">
              <arg type="s" name="identifier" direction="in"/><arg type="as" name="terms" direction="in"/>
              <arg type="u" name="timestamp" direction="in"/>
            </method>
            <method name="LaunchSearch">
              <arg type="as" name="terms" direction="in"/><arg type="u" name="timestamp" direction="in"/>
            </method>
          </interface>
        </node>
        """

    struct Actions: Sendable {
        /// Opens the window on a favorite.
        var activate: @MainActor @Sendable (ShellSearchTarget) -> Void
        /// Opens the window with the terms searched.
        var launch: @MainActor @Sendable ([String]) -> Void
        /// After each call: a service's idle time starts again.
        var touched: @MainActor @Sendable () -> Void
    }

    /// Used where calls are answered only (one thread).
    private let search: ShellSearch
    private let actions: Actions
    private var connection: OpaquePointer?
    private var registration: guint = 0

    init(search: ShellSearch, actions: Actions) {
        self.search = search
        self.actions = actions
    }

    /// Exports the object; returns whether it could be (no session bus, the path taken).
    /// `ownThread`: answered on a thread of its own, with the favorites read there at once (a
    /// D-Bus started service, about to be asked while GTK still initialises); otherwise on the
    /// main loop, where a window's app has nothing to wait for, without a thread kept for it.
    func start(ownThread: Bool) -> Bool {
        guard ownThread else { return export() }
        let exported = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var succeeded = false
        let thread = Thread { [self] in
            let context = g_main_context_new()
            g_main_context_push_thread_default(context)
            succeeded = export()
            exported.signal()
            guard succeeded else { return }
            _ = search.resultIDs([])
            g_main_loop_run(g_main_loop_new(context, 0))
        }
        thread.name = "shell-search"
        thread.start()
        exported.wait()
        return succeeded
    }

    private func export() -> Bool {
        var error: UnsafeMutablePointer<GError>?
        guard let connection = g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error) else {
            g_clear_error(&error)
            return false
        }
        guard let node = g_dbus_node_info_new_for_xml(Self.introspection, &error) else {
            g_clear_error(&error)
            g_object_unref(UnsafeMutableRawPointer(connection))
            return false
        }
        defer { g_dbus_node_info_unref(node) }
        let interface = g_dbus_node_info_lookup_interface(node, Self.interfaceName)
        registration = g_dbus_connection_register_object(connection, Self.objectPath, interface, &Self.vtable,
                                                         Unmanaged.passUnretained(self).toOpaque(), nil, &error)
        g_clear_error(&error)
        guard registration != 0 else {
            g_object_unref(UnsafeMutableRawPointer(connection))
            return false
        }
        self.connection = connection
        return true
    }

    nonisolated(unsafe) private static var vtable = GDBusInterfaceVTable(method_call: { _, _, _, _, method, parameters, invocation, data in
        guard let method, let parameters, let invocation, let data else { return }
        let provider = Unmanaged<ShellSearchProvider>.fromOpaque(data).takeUnretainedValue()
        // GDBus calls in the context the object was registered from: the provider's thread's,
        // or the main loop's.
        provider.call(String(cString: method), parameters, invocation)
    }, get_property: nil, set_property: nil, padding: (nil, nil, nil, nil, nil, nil, nil, nil))

    private func call(_ method: String, _ parameters: OpaquePointer, _ invocation: OpaquePointer) {
        StartupTrace.mark("shell search: \(method)")
        defer {
            StartupTrace.mark("shell search: \(method) answered")
            let touched = actions.touched
            DispatchQueue.main.async { touched() }
        }
        switch method {
        case "GetInitialResultSet":
            answer(invocation, terms: Self.strings(parameters, 0))
        case "GetSubsearchResultSet":
            // Searched again whole: the previous ten are the best of the shorter terms, not
            // every match of the longer ones.
            answer(invocation, terms: Self.strings(parameters, 1))
        case "GetResultMetas":
            reply(invocation, metas: search.metas(Self.strings(parameters, 0)))
        case "ActivateResult":
            let (target, terms) = (search.target(Self.string(parameters, 0)), Self.strings(parameters, 1))
            g_dbus_method_invocation_return_value(invocation, nil)
            let actions = actions
            DispatchQueue.main.async {
                if let target { actions.activate(target) } else { actions.launch(terms) }
            }
        case "LaunchSearch":
            let terms = Self.strings(parameters, 0)
            g_dbus_method_invocation_return_value(invocation, nil)
            let launch = actions.launch
            DispatchQueue.main.async { launch(terms) }
        default:
            g_dbus_method_invocation_return_dbus_error(invocation, "org.freedesktop.DBus.Error.UnknownMethod", "No such method: \(method)")
        }
    }

    /// Replies with the favorites and recent searches matching `terms` at once; when the user
    /// lets the Shell ask GitHub, after GitHub's answer (a pause in typing, two seconds at most),
    /// from the task that waited for it (GDBus replies from any thread).
    private func answer(_ invocation: OpaquePointer, terms: [String]) {
        let local = search.resultIDs(terms)
        guard search.asksGitHubNow else { return reply(invocation, strings: local) }
        let pending = PendingInvocation(invocation: invocation)
        let search = search
        Task.detached { [self] in
            reply(pending.invocation, strings: await search.withGitHub(terms, local: local))
        }
    }

    /// A call answered later, from another thread.
    private struct PendingInvocation: @unchecked Sendable {
        let invocation: OpaquePointer
    }

    // MARK: GVariant

    private static func strings(_ tuple: OpaquePointer, _ index: Int) -> [String] {
        guard let child = g_variant_get_child_value(tuple, gsize(index)) else { return [] }
        defer { g_variant_unref(child) }
        var count: gsize = 0
        guard let array = g_variant_get_strv(child, &count) else { return [] }
        defer { g_free(UnsafeMutableRawPointer(mutating: array)) }
        return (0..<Int(count)).compactMap { array[$0].map { String(cString: $0) } }
    }

    private static func string(_ tuple: OpaquePointer, _ index: Int) -> String {
        guard let child = g_variant_get_child_value(tuple, gsize(index)) else { return "" }
        defer { g_variant_unref(child) }
        return String(cString: g_variant_get_string(child, nil))
    }

    /// Replies `(as)`.
    private func reply(_ invocation: OpaquePointer, strings: [String]) {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        let array = pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress.map { base in
                base.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { g_variant_new_strv($0, gssize(buffer.count)) }
            } ?? g_variant_new_strv(nil, 0)
        }
        Self.returnTuple(invocation, array)
    }

    /// Replies `(aa{sv})`: each meta's id, name, description and the app's icon.
    private func reply(_ invocation: OpaquePointer, metas: [ShellSearchMeta]) {
        let list = Self.builder("aa{sv}")
        for meta in metas {
            let entry = Self.builder("a{sv}")
            for (key, value) in [("id", meta.id), ("name", meta.name), ("description", meta.description), ("gicon", meta.icon?.path ?? Self.icon)] {
                g_variant_builder_add_value(entry, g_variant_new_dict_entry(g_variant_new_string(key), g_variant_new_variant(g_variant_new_string(value))))
            }
            g_variant_builder_add_value(list, g_variant_builder_end(entry))
            g_variant_builder_unref(entry)
        }
        let value = g_variant_builder_end(list)
        g_variant_builder_unref(list)
        Self.returnTuple(invocation, value)
    }

    private static func builder(_ type: String) -> UnsafeMutablePointer<GVariantBuilder> {
        let variantType = g_variant_type_new(type)
        defer { g_variant_type_free(variantType) }
        return g_variant_builder_new(variantType)
    }

    private static func returnTuple(_ invocation: OpaquePointer, _ value: OpaquePointer?) {
        var children: [OpaquePointer?] = [value]
        let tuple = children.withUnsafeMutableBufferPointer { g_variant_new_tuple($0.baseAddress, 1) }
        g_dbus_method_invocation_return_value(invocation, tuple)
    }
}
