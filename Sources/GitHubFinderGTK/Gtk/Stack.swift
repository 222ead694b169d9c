import CGtk

/// A GtkStack: named pages, one shown at a time.
final class Stack: Widget {
    override class var gtkType: GType { gtk_stack_get_type() }

    func addNamed(_ child: Widget, _ name: String) { gtk_stack_add_named(opaque, child.pointer, name) }

    /// Removes the page called `name`, if there is one.
    func removeNamed(_ name: String) {
        if let child = gtk_stack_get_child_by_name(opaque, name) { gtk_stack_remove(opaque, child) }
    }

    func hasChild(_ name: String) -> Bool { gtk_stack_get_child_by_name(opaque, name) != nil }

    func showChild(_ name: String) {
        if visibleChildName != name { gtk_stack_set_visible_child_name(opaque, name) }
    }

    var visibleChildName: String? { gtk_stack_get_visible_child_name(opaque).map { String(cString: $0) } }
}
