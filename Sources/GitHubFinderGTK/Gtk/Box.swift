import CGtk
import CGtkSupport

/// A GtkBox: children in a row or a column.
final class Box: Widget {
    override class var gtkType: GType { gtk_box_get_type() }

    convenience init(_ axis: Axis, spacing: Int32 = 0, classes: [String] = []) {
        self.init(gtk_box_new(axis.gtk, spacing))
        classes.forEach(addClass)
    }

    /// A box inside a list row: its CSS node is `rowbox`, which none of Adwaita's state-dependent
    /// `box` selectors match, so moving the focus between rows does not restyle it (see
    /// `GhfRowBox` in CGtkSupport.h). Class selectors (`.user-row`) apply to it as to any box; a
    /// type selector (`box`, `.user-row > box`) does not.
    convenience init(inRow axis: Axis, spacing: Int32 = 0, classes: [String] = []) {
        self.init(ghf_row_box_new(axis.gtk, spacing))
        classes.forEach(addClass)
    }

    func append(_ child: Widget) { gtk_box_append(cast(), child.pointer) }

    /// Puts `child` right before `sibling`, a child of this box.
    func insert(_ child: Widget, before sibling: Widget) {
        gtk_box_insert_child_after(cast(), child.pointer, gtk_widget_get_prev_sibling(sibling.pointer))
    }

    /// Puts `child` right after `sibling` (first when nil).
    func insert(_ child: Widget, after sibling: Widget?) { gtk_box_insert_child_after(cast(), child.pointer, sibling?.pointer) }

    /// Removes every child (rows made in code, made again for new content).
    func removeAll() {
        while let child = gtk_widget_get_first_child(pointer) { gtk_box_remove(cast(), child) }
    }

    /// Moves `child` from this box to the end of `box` (our wrapper keeps it alive in between).
    func move(_ child: Widget, to box: Box) {
        gtk_box_remove(cast(), child.pointer)
        box.append(child)
    }
}

/// A GtkSeparator: a line between groups.
final class Separator: Widget {
    override class var gtkType: GType { gtk_separator_get_type() }

    convenience init(_ axis: Axis) { self.init(gtk_separator_new(axis.gtk)) }
}

/// A GtkLevelBar over 0…100: a language's share of a repository.
final class LevelBar: Widget {
    override class var gtkType: GType { gtk_level_bar_get_type() }

    convenience init(percent: Double) {
        self.init(gtk_level_bar_new_for_interval(0, 100))
        gtk_level_bar_set_value(opaque, percent)
    }
}

extension Box {
    /// A column that screen readers present as a named section ("README").
    convenience init(section name: String, spacing: Int32) {
        self.init(ghf_widget_new_with_role(gtk_box_get_type(), GTK_ACCESSIBLE_ROLE_GROUP))
        gtk_orientable_set_orientation(OpaquePointer(pointer), GTK_ORIENTATION_VERTICAL)
        gtk_box_set_spacing(cast(), spacing)
        setAccessibleLabel(name)
    }
}
