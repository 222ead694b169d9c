import CGtk
import CGtkSupport

/// A GtkGrid: a README's table.
final class Grid: Widget {
    override class var gtkType: GType { gtk_grid_get_type() }

    convenience init(rowSpacing: UInt32, columnSpacing: UInt32, classes: [String] = []) {
        self.init(gtk_grid_new())
        gtk_grid_set_row_spacing(cast(), rowSpacing)
        gtk_grid_set_column_spacing(cast(), columnSpacing)
        classes.forEach(addClass)
    }

    func attach(_ child: Widget, column: Int, row: Int) { gtk_grid_attach(cast(), child.pointer, Int32(column), Int32(row), 1, 1) }
}

/// A GtkExpander: a README's `<details>`, its summary shown, the rest on a click.
final class Expander: Widget {
    override class var gtkType: GType { gtk_expander_get_type() }

    convenience init(label: Widget, child: Widget) {
        self.init(gtk_expander_new(nil))
        gtk_expander_set_label_widget(opaque, label.pointer)
        gtk_expander_set_child(opaque, child.pointer)
    }
}

extension ScrolledWindow {
    /// Scrolls `child` sideways only (a wide code block or table), as tall as its content.
    convenience init(sideways child: Widget) {
        self.init(gtk_scrolled_window_new())
        setChild(child)
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(opaque, 1)
    }
}

extension ScrolledWindow {
    /// Shows `child` at the width it is given, however wide it asks to be, and as tall as it
    /// then is: never scrolls (a `LinkedText`). In a table cell it asks for its natural width
    /// (`natural`), else it fills the width.
    convenience init(wrapping child: Widget, natural: Bool = false) {
        self.init(gtk_scrolled_window_new())
        setChild(child)
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_EXTERNAL, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(opaque, 1)
        gtk_scrolled_window_set_propagate_natural_width(opaque, natural ? 1 : 0)
        if natural { gtk_scrolled_window_set_min_content_width(opaque, 200) }
        // Its scroll bars never show: screen readers are not told of them either.
        for bar in [gtk_scrolled_window_get_hscrollbar(opaque), gtk_scrolled_window_get_vscrollbar(opaque)] {
            if let bar { ghf_accessible_set_hidden(bar, 1) }
        }
        setExpand(horizontal: !natural)
    }
}
