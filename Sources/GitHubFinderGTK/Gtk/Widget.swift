import CGtk
import CGtkSupport

/// A GtkWidget, with the operations views need. Every cast from `GtkWidget*` to a concrete
/// widget type happens in this folder; views only see `Widget`.
@MainActor
public struct Widget: @MainActor Equatable {
    public let pointer: UnsafeMutablePointer<GtkWidget>

    init(_ pointer: UnsafeMutablePointer<GtkWidget>) { self.pointer = pointer }
    init(raw: UnsafeMutableRawPointer) { self.pointer = raw.assumingMemoryBound(to: GtkWidget.self) }

    var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(pointer) }
    var opaque: OpaquePointer { OpaquePointer(pointer) }
    func cast<T>(_: T.Type = T.self) -> UnsafeMutablePointer<T> { raw.assumingMemoryBound(to: T.self) }

    // MARK: Making widgets

    static func label(_ text: String = "", classes: [String] = [], xalign: Float = 0) -> Widget {
        let widget = Widget(gtk_label_new(text))
        gtk_label_set_xalign(widget.opaque, xalign)
        classes.forEach(widget.addClass)
        return widget
    }

    static func box(_ orientation: GtkOrientation, spacing: Int32 = 0, classes: [String] = []) -> Widget {
        let widget = Widget(gtk_box_new(orientation, spacing))
        classes.forEach(widget.addClass)
        return widget
    }

    static func button(label: String? = nil, icon: String? = nil, classes: [String] = []) -> Widget {
        let widget = Widget(gtk_button_new())
        if let label { gtk_button_set_label(widget.cast(), label) }
        if let icon, label == nil { gtk_button_set_icon_name(widget.cast(), icon) }
        if let icon, let label {
            let content = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6)
            content.append(.image(icon: icon))
            content.append(.label(label))
            gtk_button_set_child(widget.cast(), content.pointer)
        }
        classes.forEach(widget.addClass)
        return widget
    }

    static func image(icon: String, pixelSize: Int32 = 16) -> Widget {
        let widget = Widget(gtk_image_new_from_icon_name(icon))
        gtk_image_set_pixel_size(widget.opaque, pixelSize)
        return widget
    }

    static func picture(size: Int32) -> Widget {
        let widget = Widget(gtk_picture_new())
        gtk_picture_set_can_shrink(widget.opaque, 1)
        gtk_picture_set_content_fit(widget.opaque, GTK_CONTENT_FIT_COVER)
        widget.setSize(width: size, height: size)
        widget.addClass("avatar")
        gtk_widget_set_overflow(widget.pointer, GTK_OVERFLOW_HIDDEN)
        return widget
    }

    static func spinner() -> Widget {
        let widget = Widget(gtk_spinner_new())
        widget.spinWhileMapped()
        widget.setSize(width: 32, height: 32)
        widget.center()
        return widget
    }

    static func scrolled(_ child: Widget) -> Widget {
        let widget = Widget(gtk_scrolled_window_new())
        gtk_scrolled_window_set_child(widget.opaque, child.pointer)
        gtk_scrolled_window_set_policy(widget.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        widget.setExpand(vertical: true)
        return widget
    }

    // MARK: Any widget

    func addClass(_ name: String) { gtk_widget_add_css_class(pointer, name) }
    func removeClass(_ name: String) { gtk_widget_remove_css_class(pointer, name) }
    func setClass(_ name: String, _ on: Bool) { on ? addClass(name) : removeClass(name) }
    func setVisible(_ visible: Bool) { gtk_widget_set_visible(pointer, visible ? 1 : 0) }
    var isVisible: Bool { gtk_widget_get_visible(pointer) != 0 }
    func setSensitive(_ sensitive: Bool) { gtk_widget_set_sensitive(pointer, sensitive ? 1 : 0) }
    var isSensitive: Bool { gtk_widget_get_sensitive(pointer) != 0 }
    func hasClass(_ name: String) -> Bool { gtk_widget_has_css_class(pointer, name) != 0 }
    /// Sets the tooltip only when it differs: GTK re-queries the pointer position on every call
    /// (an X round trip per call: binding 200 list rows took 80 ms).
    func setTooltip(_ text: String?) {
        let current = gtk_widget_get_tooltip_text(pointer).map { String(cString: $0) }
        if current != text { gtk_widget_set_tooltip_text(pointer, text) }
    }
    /// A tooltip whose text is asked for only when it is about to show (list rows: setting a
    /// text per bind costs an X round trip each).
    func setTooltip(_ text: @escaping @MainActor () -> String) {
        gtk_widget_set_has_tooltip(pointer, 1)
        Signals.onQueryTooltip(raw, text)
    }
    func setSize(width: Int32, height: Int32) { gtk_widget_set_size_request(pointer, width, height) }
    func setExpand(horizontal: Bool = false, vertical: Bool = false) {
        gtk_widget_set_hexpand(pointer, horizontal ? 1 : 0)
        gtk_widget_set_vexpand(pointer, vertical ? 1 : 0)
    }
    func center() {
        gtk_widget_set_halign(pointer, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(pointer, GTK_ALIGN_CENTER)
    }
    func setAlign(horizontal: GtkAlign? = nil, vertical: GtkAlign? = nil) {
        if let horizontal { gtk_widget_set_halign(pointer, horizontal) }
        if let vertical { gtk_widget_set_valign(pointer, vertical) }
    }
    func setMargins(_ all: Int32) { setMargins(top: all, bottom: all, start: all, end: all) }
    func setMargins(top: Int32, bottom: Int32, start: Int32, end: Int32) {
        gtk_widget_set_margin_top(pointer, top)
        gtk_widget_set_margin_bottom(pointer, bottom)
        gtk_widget_set_margin_start(pointer, start)
        gtk_widget_set_margin_end(pointer, end)
    }
    @discardableResult func grabFocus() -> Bool { gtk_widget_grab_focus(pointer) != 0 }
    var hasFocus: Bool { gtk_widget_has_focus(pointer) != 0 }
    func setAccessibleLabel(_ label: String) { ghf_accessible_set_label(pointer, label) }
    func setAccessibleDescription(_ text: String) { ghf_accessible_set_description(pointer, text) }
    func hideFromAccessibility() { ghf_accessible_set_hidden(pointer, 1) }
    func setHiddenFromAccessibility(_ hidden: Bool) { ghf_accessible_set_hidden(pointer, hidden ? 1 : 0) }
    var width: Int32 { gtk_widget_get_width(pointer) }
    var height: Int32 { gtk_widget_get_height(pointer) }

    // MARK: Containers

    func append(_ child: Widget) { gtk_box_append(cast(), child.pointer) }
    func prepend(_ child: Widget) { gtk_box_prepend(cast(), child.pointer) }
    func removeFromBox(_ child: Widget) { gtk_box_remove(cast(), child.pointer) }
    /// Puts `child` right after `sibling` (first when nil).
    func insert(_ child: Widget, after sibling: Widget?) { gtk_box_insert_child_after(cast(), child.pointer, sibling?.pointer) }
    /// Moves `child` from this box to the end of `box`, keeping it alive in between.
    func move(_ child: Widget, to box: Widget) {
        g_object_ref(child.raw)
        gtk_box_remove(cast(), child.pointer)
        gtk_box_append(box.cast(), child.pointer)
        g_object_unref(child.raw)
    }
    func setOrientation(_ orientation: GtkOrientation) { gtk_orientable_set_orientation(opaque, orientation) }

    func addNamed(_ child: Widget, _ name: String) { gtk_stack_add_named(opaque, child.pointer, name) }
    func showChild(_ name: String) {
        if visibleChildName != name { gtk_stack_set_visible_child_name(opaque, name) }
    }
    var visibleChildName: String? { gtk_stack_get_visible_child_name(opaque).map { String(cString: $0) } }

    // MARK: Text and buttons

    /// Sets a label's text. Always plain text: nothing from the server is parsed as markup.
    func setText(_ text: String) {
        if self.text != text { gtk_label_set_text(opaque, text) }
    }
    var text: String { gtk_label_get_text(opaque).map { String(cString: $0) } ?? "" }
    func setWrap(_ wrap: Bool = true) {
        gtk_label_set_wrap(opaque, wrap ? 1 : 0)
        gtk_label_set_wrap_mode(opaque, PANGO_WRAP_WORD_CHAR)
    }
    func setEllipsize() { gtk_label_set_ellipsize(opaque, PANGO_ELLIPSIZE_END) }
    func setSelectable() { gtk_label_set_selectable(opaque, 1) }
    func setJustifyCenter() { gtk_label_set_justify(opaque, GTK_JUSTIFY_CENTER) }

    func setButtonLabel(_ label: String) { gtk_button_set_label(cast(), label) }
    func setButtonIcon(_ icon: String) {
        let current = gtk_button_get_icon_name(cast()).map { String(cString: $0) }
        if current != icon { gtk_button_set_icon_name(cast(), icon) }
    }
    func onClicked(_ action: @escaping @MainActor () -> Void) { Signals.on(raw, "clicked", action) }

    func setToggleActive(_ active: Bool) {
        if (gtk_toggle_button_get_active(cast()) != 0) != active { gtk_toggle_button_set_active(cast(), active ? 1 : 0) }
    }
    var isToggleActive: Bool { gtk_toggle_button_get_active(cast()) != 0 }
    var isChecked: Bool { gtk_check_button_get_active(cast()) != 0 }

    // MARK: Entries

    var entryText: String { gtk_editable_get_text(opaque).map { String(cString: $0) } ?? "" }
    func setEntryText(_ text: String) {
        if entryText != text { gtk_editable_set_text(opaque, text) }
    }
    func selectAllText() { gtk_editable_select_region(opaque, 0, -1) }

    // MARK: Pictures

    func setTexture(_ texture: Texture?) {
        gtk_picture_set_paintable(opaque, texture.map { OpaquePointer($0.ref.pointer) })
    }
}

/// A GdkTexture decoded from image bytes (PNG, JPEG…), owned.
@MainActor
public final class Texture {
    let ref: ObjectRef

    /// Nil when the bytes are not a readable image.
    init?(data: [UInt8]) {
        var message: UnsafeMutablePointer<CChar>?
        guard let texture = data.withUnsafeBufferPointer({ ghf_texture_from_data($0.baseAddress, gsize($0.count), &message) }) else {
            g_free(message)
            return nil
        }
        ref = ObjectRef(adopting: UnsafeMutableRawPointer(texture))
    }

    var width: Int32 { gdk_texture_get_width(OpaquePointer(ref.pointer)) }
    var height: Int32 { gdk_texture_get_height(OpaquePointer(ref.pointer)) }
}

extension Widget {
    /// Spins only while on screen. A spinning `GtkSpinner` on a hidden `GtkStack` page is not
    /// mapped but still runs its CSS animation: every tick queues a resize that the stack never
    /// satisfies (it allocates only its visible page), so the whole window was laid out again on
    /// every frame — 3–5 % CPU forever once the detail pane (whose "loading" page is a spinner)
    /// showed a profile. Unmapped, it stops; mapped, it spins.
    func spinWhileMapped() {
        Signals.on(raw, "map") { [pointer] in gtk_spinner_start(OpaquePointer(pointer)) }
        Signals.on(raw, "unmap") { [pointer] in gtk_spinner_stop(OpaquePointer(pointer)) }
    }
}

extension Widget {
    /// True when this widget or one inside it (an entry's text) has the keyboard focus.
    var containsFocus: Bool {
        guard let root = gtk_widget_get_root(pointer), let focus = gtk_root_get_focus(root) else { return false }
        return focus == pointer || gtk_widget_is_ancestor(focus, pointer) != 0
    }

    /// Mapped: on screen in its window (not on a hidden page or tab).
    var isVisibleOnScreen: Bool { gtk_widget_get_mapped(pointer) != 0 }

    /// Focuses an editable with the cursor at the end, keeping its text unselected (a plain
    /// grab selects everything, so the next key would replace what was typed).
    func focusKeepingText() {
        gtk_widget_grab_focus(pointer)
        gtk_editable_set_position(opaque, -1)
    }
}
