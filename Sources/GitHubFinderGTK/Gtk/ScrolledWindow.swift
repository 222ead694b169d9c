import CGtk
import CGtkSupport

/// A GtkScrolledWindow that scrolls vertically.
final class ScrolledWindow: Widget {
    override class var gtkType: GType { gtk_scrolled_window_get_type() }

    /// Scrolls `child` vertically, filling the height it is given.
    convenience init(_ child: Widget) {
        self.init(gtk_scrolled_window_new())
        setChild(child)
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        setExpand(vertical: true)
    }

    /// Scrolls `child` (an editor) within a height that follows its content, from `minimum` to
    /// `maximum` pixels.
    convenience init(growing child: Widget, minimum: Int32, maximum: Int32) {
        self.init(gtk_scrolled_window_new())
        setChild(child)
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_propagate_natural_height(opaque, 1)
        gtk_scrolled_window_set_min_content_height(opaque, minimum)
        gtk_scrolled_window_set_max_content_height(opaque, maximum)
    }

    func setChild(_ child: Widget) { gtk_scrolled_window_set_child(opaque, child.pointer) }

    private var adjustment: UnsafeMutablePointer<GtkAdjustment> { gtk_scrolled_window_get_vadjustment(opaque) }

    /// What it scrolls: its child, or the child of the viewport GTK put it in.
    private var content: UnsafeMutablePointer<GtkWidget>? {
        guard let child = gtk_scrolled_window_get_child(opaque) else { return nil }
        guard g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(child)), gtk_viewport_get_type()) != 0 else { return child }
        return gtk_viewport_get_child(OpaquePointer(child))
    }

    /// How far down its content `widget` is, as last laid out (scrolling does not change it).
    func contentY(of widget: Widget) -> Float? {
        guard let content else { return nil }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget.pointer, content, &bounds) != 0 else { return nil }
        return bounds.origin.y
    }

    /// How far the content is scrolled down, in pixels.
    var verticalPosition: Double {
        get { gtk_adjustment_get_value(adjustment) }
        set { gtk_adjustment_set_value(adjustment, newValue) }
    }

    /// Calls `action` with how far below the viewport the content goes, and the viewport's
    /// height, each time it scrolls.
    func onVerticalScroll(_ action: @escaping @MainActor (_ remainingBelow: Double, _ pageSize: Double) -> Void) -> SignalConnection {
        let adjustment = adjustment
        return Signals.on(UnsafeMutableRawPointer(adjustment), "value-changed") {
            let page = gtk_adjustment_get_page_size(adjustment)
            action(gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_value(adjustment) - page, page)
        }
    }

    /// Calls `action` when the content scrolls or changes size (what is in view may change).
    func onViewChanged(_ action: @escaping @MainActor () -> Void) -> [SignalConnection] {
        let adjustment = UnsafeMutableRawPointer(adjustment)
        return [Signals.on(adjustment, "value-changed", action), Signals.on(adjustment, "changed", action)]
    }
}

/// A GtkListBox of a few rows made in code (a profile's repositories).
final class ListBox: Widget {
    override class var gtkType: GType { gtk_list_box_get_type() }

    convenience init(classes: [String] = []) {
        self.init(gtk_list_box_new())
        classes.forEach(addClass)
    }

    func append(_ row: Widget) { gtk_list_box_append(opaque, row.pointer) }

    /// Appends `child` in a row of its own that can be activated (clicked, or Enter once
    /// focused), named `accessibleLabel` for screen readers.
    func appendActivatable(_ child: Widget, accessibleLabel: String) {
        let row = gtk_list_box_row_new()!
        let typed = UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkListBoxRow.self)
        gtk_list_box_row_set_child(typed, child.pointer)
        gtk_list_box_row_set_activatable(typed, 1)
        ghf_accessible_set_label(row, accessibleLabel)
        gtk_list_box_append(opaque, row)
    }

    /// Calls `action` with the position of each row activated: clicked, or Space or Enter
    /// pressed on it.
    func onRowActivated(_ action: @escaping @MainActor (Int) -> Void) -> [SignalConnection] {
        let activated = Signals.onPointer(raw, "row-activated") { row in
            action(Int(gtk_list_box_row_get_index(row.assumingMemoryBound(to: GtkListBoxRow.self))))
        }
        // GTK 4.8's list box activates a row on Space only; Enter would go on to the window,
        // whose type-to-search sends it to the search entry (a search instead of the row).
        let keys = gtk_event_controller_key_new()!
        let enter = Signals.onKeyPressed(UnsafeMutableRawPointer(keys)) { [weak self] keyval, _ in
            guard let self, [GDK_KEY_Return, GDK_KEY_KP_Enter, GDK_KEY_ISO_Enter].map(UInt32.init).contains(keyval),
                  let row = gtk_widget_get_focus_child(pointer) else { return false }
            return gtk_widget_activate(row) != 0
        }
        gtk_widget_add_controller(pointer, keys)
        return [activated, enter]
    }

    func removeAll() {
        while let child = gtk_widget_get_first_child(pointer) { gtk_list_box_remove(opaque, child) }
    }

    /// Focuses the first row; false when there is none.
    func focusFirstRow() -> Bool {
        guard let row = gtk_list_box_get_row_at_index(opaque, 0) else { return false }
        return gtk_widget_grab_focus(UnsafeMutableRawPointer(row).assumingMemoryBound(to: GtkWidget.self)) != 0
    }
}

extension ScrolledWindow {
    /// Scrolls `child` sideways only (a wide code block or table), as tall as its content.
    convenience init(sideways child: Widget) {
        self.init(gtk_scrolled_window_new())
        setChild(child)
        gtk_scrolled_window_set_policy(opaque, GTK_POLICY_AUTOMATIC, GTK_POLICY_NEVER)
        gtk_scrolled_window_set_propagate_natural_height(opaque, 1)
        // The wheel over it scrolls the pane it is in (GTK's would stop at it).
        ghf_scrolled_window_scrolls_sideways_only(pointer)
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
        ghf_scrolled_window_never_scrolls(pointer)
    }
}
