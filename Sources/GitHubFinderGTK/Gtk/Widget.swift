import CGtk
import CGtkSupport

/// A GtkWidget we own a reference to (taken, a floating one sunk, on wrap; dropped in `deinit`).
/// Subclasses are the kinds we use, each with its own operations; every cast from `GtkWidget*`
/// to a concrete GTK type happens in this folder, so views never see a pointer.
@MainActor
class Widget {
    let ref: ObjectRef
    /// What `setAccessibleLabelIfChanged` last set (nil: never).
    private var accessibleLabel: String?

    /// Wraps `pointer`, which must be a `gtkType`.
    required init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
        ref = ObjectRef(sinking: UnsafeMutableRawPointer(pointer))
    }

    /// The GType this wrapper is for: `Builder` checks an outlet against it.
    class var gtkType: GType { gtk_widget_get_type() }

    var pointer: UnsafeMutablePointer<GtkWidget> { ref.pointer.assumingMemoryBound(to: GtkWidget.self) }
    var raw: UnsafeMutableRawPointer { ref.pointer }
    var opaque: OpaquePointer { OpaquePointer(ref.pointer) }
    func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> { ref.pointer.assumingMemoryBound(to: T.self) }

    // MARK: Style and visibility

    func addClass(_ name: String) { gtk_widget_add_css_class(pointer, name) }
    func removeClass(_ name: String) { gtk_widget_remove_css_class(pointer, name) }
    func setClass(_ name: String, _ on: Bool) { on ? addClass(name) : removeClass(name) }
    func setVisible(_ visible: Bool) { gtk_widget_set_visible(pointer, visible ? 1 : 0) }
    var isVisible: Bool { gtk_widget_get_visible(pointer) != 0 }
    /// Mapped: on screen in its window (not on a hidden page or tab).
    var isVisibleOnScreen: Bool { gtk_widget_get_mapped(pointer) != 0 }
    /// Whether `widget`, drawn inside this one (a scrolled window's content, a list's row), is
    /// within this one's height, or `margin` pixels of it.
    func shows(_ widget: Widget, margin: Float = 0) -> Bool {
        // Unmapped or never allocated (a fresh row sits at 0,0 until the next layout): not shown.
        guard widget.isVisibleOnScreen, widget.width > 0 else { return false }
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(widget.pointer, pointer, &bounds) != 0 else { return false }
        return bounds.origin.y + bounds.size.height >= -margin && bounds.origin.y <= Float(height) + margin
    }
    /// Where this widget is inside `ancestor`, vertically, as last laid out.
    func verticalPlace(in ancestor: Widget) -> (y: Float, height: Float)? {
        var bounds = graphene_rect_t()
        guard gtk_widget_compute_bounds(pointer, ancestor.pointer, &bounds) != 0 else { return nil }
        return (bounds.origin.y, bounds.size.height)
    }

    /// Runs `action` once, after the window's next frame is painted (one is asked for); nil
    /// when the widget is in no window yet. Keep the connection until then.
    func afterNextPaint(_ action: @escaping @MainActor () -> Void) -> SignalConnection? {
        guard let clock = gtk_widget_get_frame_clock(pointer) else { return nil }
        let connection = Signals.on(UnsafeMutableRawPointer(clock), "after-paint", action)
        gtk_widget_queue_draw(pointer)
        return connection
    }

    func setSensitive(_ sensitive: Bool) { gtk_widget_set_sensitive(pointer, sensitive ? 1 : 0) }
    var isSensitive: Bool { gtk_widget_get_sensitive(pointer) != 0 }
    /// Drawn or not, keeping its place (no relayout, unlike visibility).
    func setOpacity(_ opacity: Double) {
        if gtk_widget_get_opacity(pointer) != opacity { gtk_widget_set_opacity(pointer, opacity) }
    }
    func hasClass(_ name: String) -> Bool { gtk_widget_has_css_class(pointer, name) != 0 }

    func setTooltip(_ text: String) { gtk_widget_set_tooltip_text(pointer, text) }

    /// A tooltip whose text is asked for only when it is about to show (list rows: setting a
    /// text per bind costs an X round trip each).
    func setTooltip(_ text: @escaping @MainActor () -> String) -> SignalConnection {
        gtk_widget_set_has_tooltip(pointer, 1)
        return Signals.onQueryTooltip(raw, text)
    }

    // MARK: Size and place

    func setSize(width: Int32, height: Int32) { gtk_widget_set_size_request(pointer, width, height) }
    func setExpand(horizontal: Bool = false, vertical: Bool = false) {
        gtk_widget_set_hexpand(pointer, horizontal ? 1 : 0)
        gtk_widget_set_vexpand(pointer, vertical ? 1 : 0)
    }
    func setAlign(horizontal: Placement? = nil, vertical: Placement? = nil) {
        if let horizontal { gtk_widget_set_halign(pointer, horizontal.gtk) }
        if let vertical { gtk_widget_set_valign(pointer, vertical.gtk) }
    }
    func setMargins(_ all: Int32) {
        gtk_widget_set_margin_top(pointer, all)
        gtk_widget_set_margin_bottom(pointer, all)
        gtk_widget_set_margin_start(pointer, all)
        gtk_widget_set_margin_end(pointer, all)
    }
    func setMarginStart(_ margin: Int32) { gtk_widget_set_margin_start(pointer, margin) }
    /// Puts `text` on the clipboard (a code block's Copy).
    func copyToClipboard(_ text: String) { ghf_widget_copy_text(pointer, text) }
    var width: Int32 { gtk_widget_get_width(pointer) }
    var height: Int32 { gtk_widget_get_height(pointer) }
    /// The display's scale for this widget (2 on HiDPI): images are asked for at size × scale.
    var scaleFactor: Int { max(1, Int(gtk_widget_get_scale_factor(pointer))) }

    // MARK: Focus

    @discardableResult func grabFocus() -> Bool { gtk_widget_grab_focus(pointer) != 0 }
    func setFocusable(_ focusable: Bool) { gtk_widget_set_focusable(pointer, focusable ? 1 : 0) }

    /// True when this widget or one inside it (an entry's text) has the keyboard focus.
    var containsFocus: Bool {
        guard let root = gtk_widget_get_root(pointer), let focus = gtk_root_get_focus(root) else { return false }
        return focus == pointer || gtk_widget_is_ancestor(focus, pointer) != 0
    }

    // MARK: Accessibility

    func setAccessibleLabel(_ label: String) { ghf_accessible_set_label(pointer, label) }
    /// The same, skipped when this wrapper set that very name last: every update is news sent
    /// to the accessibility bus from the main thread, changed or not (a list binding its ~200
    /// rows again sent ~400). Only for widgets whose name nothing else sets: a row's box, an
    /// icon button (GTK sets a labelled button's or a label's name itself when its text changes).
    func setAccessibleLabelIfChanged(_ label: String) {
        guard label != accessibleLabel else { return }
        accessibleLabel = label
        ghf_accessible_set_label(pointer, label)
    }
    func hideFromAccessibility() { setHiddenFromAccessibility(true) }
    func setHiddenFromAccessibility(_ hidden: Bool) { ghf_accessible_set_hidden(pointer, hidden ? 1 : 0) }
}
