import CGtk

/// Box direction, so views never name GTK's enum.
enum Axis {
    case horizontal, vertical

    var gtk: GtkOrientation { self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL }
}

/// Where a widget sits in the space it is given.
enum Placement {
    case fill, start, end, center

    var gtk: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

/// The typed operations scene views use, so no view calls GTK's C API (STYLE.md 12).
extension Widget {
    // MARK: Making widgets

    static func box(_ axis: Axis, spacing: Int32 = 0, classes: [String] = []) -> Widget {
        box(axis.gtk, spacing: spacing, classes: classes)
    }

    static func stack() -> Widget { Widget(gtk_stack_new()) }

    static func separator(_ axis: Axis) -> Widget { Widget(gtk_separator_new(axis.gtk)) }

    /// A password entry with the peek icon, `widthChars` wide.
    static func passwordEntry(widthChars: Int32) -> Widget {
        let widget = Widget(gtk_password_entry_new())
        gtk_password_entry_set_show_peek_icon(widget.opaque, 1)
        gtk_editable_set_width_chars(widget.opaque, widthChars)
        return widget
    }

    /// A spinner that starts and stops with `setSpinning`.
    static func idleSpinner() -> Widget { Widget(gtk_spinner_new()) }

    func setSpinning(_ spinning: Bool) {
        spinning ? gtk_spinner_start(opaque) : gtk_spinner_stop(opaque)
    }

    func setAlign(horizontal: Placement? = nil, vertical: Placement? = nil) {
        setAlign(horizontal: horizontal?.gtk, vertical: vertical?.gtk)
    }

    // MARK: Tree

    var firstChild: Widget? { gtk_widget_get_first_child(pointer).map(Widget.init) }
    var parent: Widget? { gtk_widget_get_parent(pointer).map(Widget.init) }
    var previousSibling: Widget? { gtk_widget_get_prev_sibling(pointer).map(Widget.init) }

    /// The display's scale for this widget (2 on HiDPI): images are asked for at size × scale.
    var scaleFactor: Int { max(1, Int(gtk_widget_get_scale_factor(pointer))) }

    // MARK: Scrolled windows and list boxes

    func setScrolledChild(_ child: Widget) { gtk_scrolled_window_set_child(opaque, child.pointer) }

    /// Calls `action` with how far below the viewport the content goes, and the viewport's
    /// height, each time a scrolled window scrolls.
    func onVerticalScroll(_ action: @escaping @MainActor (_ remainingBelow: Double, _ pageSize: Double) -> Void) {
        let adjustment = gtk_scrolled_window_get_vadjustment(opaque)!
        Signals.on(UnsafeMutableRawPointer(adjustment), "value-changed") {
            let page = gtk_adjustment_get_page_size(adjustment)
            action(gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_value(adjustment) - page, page)
        }
    }

    func appendListRow(_ row: Widget) { gtk_list_box_append(opaque, row.pointer) }

    func removeAllListRows() {
        while let child = gtk_widget_get_first_child(pointer) { gtk_list_box_remove(opaque, child) }
    }

    // MARK: Windows

    /// A modal, fixed-size window with a header bar, above `parent`.
    static func dialog(title: String, transientFor parent: Widget, width: Int32) -> Widget {
        let window = Widget(gtk_window_new())
        let gtkWindow: UnsafeMutablePointer<GtkWindow> = window.cast()
        gtk_window_set_title(gtkWindow, title)
        gtk_window_set_titlebar(gtkWindow, gtk_header_bar_new())
        gtk_window_set_modal(gtkWindow, 1)
        gtk_window_set_transient_for(gtkWindow, parent.cast())
        gtk_window_set_default_size(gtkWindow, width, -1)
        gtk_window_set_resizable(gtkWindow, 0)
        // Escape closes it, as it closes GNOME's dialogs (through "close-request", like the X).
        let shortcuts = gtk_shortcut_controller_new()!
        let escape = gtk_keyval_trigger_new(guint(GDK_KEY_Escape), GdkModifierType(rawValue: 0))
        gtk_shortcut_controller_add_shortcut(shortcuts, gtk_shortcut_new(escape, gtk_named_action_new("window.close")))
        gtk_widget_add_controller(window.pointer, shortcuts)
        return window
    }

    func setWindowChild(_ child: Widget) { gtk_window_set_child(cast(), child.pointer) }
    func presentWindow() { gtk_window_present(cast()) }
    func destroyWindow() { gtk_window_destroy(cast()) }
    /// The button Enter activates in this window.
    func setDefaultWidget(_ widget: Widget) { gtk_window_set_default_widget(cast(), widget.pointer) }
}

/// A stateful action with a string state (a radio menu), owned, in a group a widget inserts.
@MainActor
final class StringAction {
    let ref: ObjectRef
    private let group: ObjectRef

    init(name: String, initial: String, installedOn widget: Widget, prefix: String, onChange: @escaping @MainActor (String) -> Void) {
        let action = g_simple_action_new_stateful(name, g_variant_type_new("s"), g_variant_new_string(initial))!
        ref = ObjectRef(adopting: UnsafeMutableRawPointer(action))
        group = ObjectRef(adopting: UnsafeMutableRawPointer(g_simple_action_group_new()!))
        Signals.onAction(action) { parameter in
            guard let parameter, let raw = g_variant_get_string(parameter, nil) else { return }
            onChange(String(cString: raw))
        }
        g_action_map_add_action(OpaquePointer(group.pointer), action)
        gtk_widget_insert_action_group(widget.pointer, prefix, OpaquePointer(group.pointer))
    }

    func setState(_ value: String) {
        g_simple_action_set_state(OpaquePointer(ref.pointer), g_variant_new_string(value))
    }
}

// MARK: AdwAvatar

extension Widget {
    /// The name whose initials (and colour) the avatar shows until it has an image.
    func setAvatarText(_ text: String) { adw_avatar_set_text(opaque, text) }

    /// The image drawn instead of the initials; `nil` shows the initials again.
    func setAvatarImage(_ texture: Texture?) {
        adw_avatar_set_custom_image(opaque, texture.map { OpaquePointer($0.ref.pointer) })
    }
}
