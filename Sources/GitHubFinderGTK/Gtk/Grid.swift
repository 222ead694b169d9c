import CGtk

/// A GtkGrid: a README's table, a README's list item (marker, text).
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
