import CGtk

/// A GtkBox: children in a row or a column.
final class Box: Widget {
    override class var gtkType: GType { gtk_box_get_type() }

    convenience init(_ axis: Axis, spacing: Int32 = 0, classes: [String] = []) {
        self.init(gtk_box_new(axis.gtk, spacing))
        classes.forEach(addClass)
    }

    func append(_ child: Widget) { gtk_box_append(cast(), child.pointer) }

    /// Puts `child` right before `sibling`, a child of this box.
    func insert(_ child: Widget, before sibling: Widget) {
        gtk_box_insert_child_after(cast(), child.pointer, gtk_widget_get_prev_sibling(sibling.pointer))
    }

    /// Puts `child` right after `sibling` (first when nil).
    func insert(_ child: Widget, after sibling: Widget?) { gtk_box_insert_child_after(cast(), child.pointer, sibling?.pointer) }

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
