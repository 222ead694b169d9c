import CGtk
import GitHubFinderCore

/// Core's one table of actions (`AppActions`), the part of one scope installed on its action
/// map: the application's (`app.`, at start-up: a D-Bus started service has them before any
/// window) or the window's (`win.`). Each gets its keys, its handler (`perform`, which hands the
/// intent to the coordinator), and is enabled or not from the session's state (`update`).
@MainActor
final class InstalledActions {
    private let application: UnsafeMutablePointer<GtkApplication>
    /// The application or the window, as a GActionMap.
    private let map: OpaquePointer
    private var actions: [AppAction] = []
    private var connections: [SignalConnection] = []

    /// `map`: the application, or a window of it; `style`: the style action's value now.
    init(_ scope: AppAction.Scope, on map: OpaquePointer, of application: UnsafeMutablePointer<GtkApplication>, style: String = "",
         perform: @escaping @MainActor (AppIntent, String?) -> Void) {
        self.application = application
        self.map = map
        actions = AppActions.all.filter { $0.scope == scope }
        for action in actions {
            let gAction: OpaquePointer
            if action.choices.isEmpty {
                gAction = g_simple_action_new(action.name, nil)!
                connections.append(Signals.onAction(gAction) { _ in perform(action.intent, nil) })
            } else {
                let type = g_variant_type_new("s")
                gAction = g_simple_action_new_stateful(action.name, type, g_variant_new_string(style))!
                g_variant_type_free(type)
                connections.append(Signals.onAction(gAction) { parameter in
                    guard let parameter else { return }
                    let value = String(cString: g_variant_get_string(parameter, nil))
                    // A value no menu item offers (from D-Bus, say) changes nothing.
                    guard action.choices.contains(where: { $0.value == value }) else { return }
                    g_simple_action_set_state(gAction, parameter)
                    perform(action.intent, value)
                })
            }
            g_action_map_add_action(map, gAction)
            // The action map holds it from now on.
            g_object_unref(UnsafeMutableRawPointer(gAction))
            if !action.keys.isEmpty { setAccelerators(action.keys, for: action.detailedName) }
        }
        update(ActionState())
    }

    /// Enables each action that can be used in `state`, disables the others.
    func update(_ state: ActionState) {
        for action in actions {
            guard let gAction = g_action_map_lookup_action(map, action.name) else { continue }
            let enabled: gboolean = action.isEnabled(in: state) ? 1 : 0
            if g_action_get_enabled(gAction) != enabled { g_simple_action_set_enabled(gAction, enabled) }
        }
    }

    private func setAccelerators(_ keys: [String], for detailedName: String) {
        CStrings.withNullTerminated(keys) { gtk_application_set_accels_for_action(application, detailedName, $0) }
    }
}
