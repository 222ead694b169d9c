import CGtk

/// A GtkExpander: a README's `<details>`, its summary shown, the rest on a click.
final class Expander: Widget {
    override class var gtkType: GType { gtk_expander_get_type() }

    convenience init(label: Widget, child: Widget) {
        self.init(gtk_expander_new(nil))
        gtk_expander_set_label_widget(opaque, label.pointer)
        gtk_expander_set_child(opaque, child.pointer)
    }
}
