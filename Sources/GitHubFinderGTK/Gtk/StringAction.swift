import CGtk

/// A stateful action with a string state (a radio menu), owned, in a group a widget inserts.
@MainActor
final class StringAction {
    private let action: ObjectRef
    private let group: ObjectRef
    private var activation: SignalConnection?

    init(name: String, initial: String, installedOn widget: Widget, prefix: String, onChange: @escaping @MainActor (String) -> Void) {
        let action = g_simple_action_new_stateful(name, g_variant_type_new("s"), g_variant_new_string(initial))!
        self.action = ObjectRef(adopting: UnsafeMutableRawPointer(action))
        group = ObjectRef(adopting: UnsafeMutableRawPointer(g_simple_action_group_new()!))
        activation = Signals.onAction(action) { parameter in
            guard let parameter, let raw = g_variant_get_string(parameter, nil) else { return }
            onChange(String(cString: raw))
        }
        g_action_map_add_action(OpaquePointer(group.pointer), action)
        gtk_widget_insert_action_group(widget.pointer, prefix, OpaquePointer(group.pointer))
    }

    func setState(_ value: String) {
        g_simple_action_set_state(OpaquePointer(action.pointer), g_variant_new_string(value))
    }
}

/// A stateless action taking a string (`app.open-news::ID`), added to an action map (the
/// application), its handler connected while this lives.
@MainActor
final class StringParameterAction {
    private var activation: SignalConnection?

    init(_ name: String, on map: OpaquePointer, perform: @escaping @MainActor (String) -> Void) {
        let type = g_variant_type_new("s")
        let action = g_simple_action_new(name, type)!
        g_variant_type_free(type)
        activation = Signals.onAction(action) { parameter in
            guard let parameter, let raw = g_variant_get_string(parameter, nil) else { return }
            perform(String(cString: raw))
        }
        g_action_map_add_action(map, action)
        // The action map holds it from now on.
        g_object_unref(UnsafeMutableRawPointer(action))
    }
}
