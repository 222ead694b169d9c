import CGtk
import CGtkSupport

/// A GtkTextView: several lines of text to edit (a favorite's note).
final class TextView: Widget {
    override class var gtkType: GType { gtk_text_view_get_type() }

    convenience init(classes: [String] = []) {
        self.init(gtk_text_view_new())
        gtk_text_view_set_wrap_mode(cast(), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(cast(), 0)
        gtk_text_view_set_left_margin(cast(), 8)
        gtk_text_view_set_right_margin(cast(), 8)
        gtk_text_view_set_top_margin(cast(), 8)
        gtk_text_view_set_bottom_margin(cast(), 8)
        classes.forEach(addClass)
    }

    private var buffer: UnsafeMutablePointer<GtkTextBuffer> { gtk_text_view_get_buffer(cast())! }

    var text: String {
        guard let text = ghf_text_view_get_text(pointer) else { return "" }
        defer { g_free(text) }
        return String(cString: text)
    }

    /// Sets the text unless it is already there (a new text moves the cursor and emits "changed").
    func setText(_ text: String) {
        if self.text != text { gtk_text_buffer_set_text(buffer, text, -1) }
    }

    /// The text changed (typed, pasted, or set).
    func onChanged(_ action: @escaping @MainActor () -> Void) -> SignalConnection {
        Signals.on(UnsafeMutableRawPointer(buffer), "changed", action)
    }
}

/// A plain one-line GtkEntry.
final class Entry: TextEntry {
    override class var gtkType: GType { gtk_entry_get_type() }

    convenience init(placeholder: String) {
        self.init(gtk_entry_new())
        gtk_entry_set_placeholder_text(cast(), placeholder)
    }

    /// What typing completes to, best first; replaces the earlier list.
    func setCompletions(_ items: [String]) {
        var pointers = items.map { strdup($0) }
        defer { pointers.forEach { free($0) } }
        pointers.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: max(buffer.count, 1)) {
                ghf_entry_set_completions(pointer, $0, Int32(buffer.count))
            }
        }
    }
}

/// A GtkFlowBox of children that wrap onto new lines (tag chips), never selected.
final class FlowBox: Widget {
    override class var gtkType: GType { gtk_flow_box_get_type() }

    convenience init(spacing: UInt32, classes: [String] = []) {
        self.init(gtk_flow_box_new())
        gtk_flow_box_set_selection_mode(opaque, GTK_SELECTION_NONE)
        gtk_flow_box_set_column_spacing(opaque, spacing)
        gtk_flow_box_set_row_spacing(opaque, spacing)
        gtk_flow_box_set_max_children_per_line(opaque, 20)
        gtk_flow_box_set_homogeneous(opaque, 0)
        classes.forEach(addClass)
    }

    func append(_ child: Widget) {
        gtk_flow_box_insert(opaque, child.pointer, -1)
        // The GtkFlowBoxChild around it is not a stop on the way to its buttons.
        if let wrapper = gtk_widget_get_parent(child.pointer) { gtk_widget_set_focusable(wrapper, 0) }
    }

    func removeAll() {
        while let child = gtk_widget_get_first_child(pointer) { gtk_flow_box_remove(opaque, child) }
    }

    /// Never fewer than `count` children on a line (GTK 4.8 lays a centred flow box out too
    /// short when it may wrap everything).
    func setMinimumPerLine(_ count: Int) { gtk_flow_box_set_min_children_per_line(opaque, guint(max(1, count))) }
}

/// Told when focus leaves `widget` (or a widget inside it).
@MainActor
func onFocusLeave(_ widget: Widget, _ action: @escaping @MainActor () -> Void) -> SignalConnection {
    let controller = gtk_event_controller_focus_new()!
    gtk_widget_add_controller(widget.pointer, controller)
    return Signals.on(UnsafeMutableRawPointer(controller), "leave", action)
}
