import CGtk
import CGtkSupport

/// A GtkButton: a label, an icon, or both.
class Button: Widget {
    override class var gtkType: GType { gtk_button_get_type() }

    convenience init(label: String? = nil, icon: String? = nil, classes: [String] = []) {
        self.init(gtk_button_new())
        if let label { gtk_button_set_label(cast(), label) }
        if let icon, label == nil { gtk_button_set_icon_name(cast(), icon) }
        if let icon, let label {
            let content = Box(.horizontal, spacing: 6)
            content.append(Image(icon: icon))
            content.append(Label(label))
            gtk_button_set_child(cast(), content.pointer)
        }
        classes.forEach(addClass)
    }

    func setLabel(_ label: String) { gtk_button_set_label(cast(), label) }

    /// Shows `child` instead of a label or icon.
    func setChild(_ child: Widget) { gtk_button_set_child(cast(), child.pointer) }

    /// Sets the icon unless it already shows (a new one is looked up in the icon theme).
    func setIcon(_ icon: String) {
        let current = gtk_button_get_icon_name(cast()).map { String(cString: $0) }
        if current != icon { gtk_button_set_icon_name(cast(), icon) }
    }

    func onClicked(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.on(raw, "clicked", action) }
}

/// A row's icon button (a star): a GtkButton whose CSS node is `rowbutton`, drawn by style.css as
/// a flat circular button, which draws its icon itself, so moving the focus between rows restyles
/// neither it nor an image in it (see `GhfRowButton` in CGtkSupport.h). Not a `Button`: it has no
/// label or child, and is only ever made by `ghf_row_button_new`.
final class RowButton: Widget {
    override class var gtkType: GType { ghf_row_button_get_type() }

    convenience init(icon: String) {
        self.init(ghf_row_button_new())
        setIcon(icon)
    }

    var icon: String? { ghf_row_button_get_icon_name(opaque).map { String(cString: $0) } }

    func setIcon(_ icon: String) { ghf_row_button_set_icon_name(opaque, icon) }

    func onClicked(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.on(raw, "clicked", action) }
}

/// A GtkToggleButton (the header bar's tabs).
final class ToggleButton: Button {
    override class var gtkType: GType { gtk_toggle_button_get_type() }

    /// A toggle showing `child` (a tag bar's "hiring 3").
    convenience init(child: Widget, classes: [String] = []) {
        self.init(gtk_toggle_button_new())
        setChild(child)
        classes.forEach(addClass)
    }

    /// A toggle showing a symbolic icon (a detail pane's bell).
    convenience init(icon: String, classes: [String] = []) {
        self.init(gtk_toggle_button_new())
        gtk_button_set_icon_name(cast(), icon)
        classes.forEach(addClass)
    }

    var isActive: Bool { gtk_toggle_button_get_active(cast()) != 0 }

    func setActive(_ active: Bool) {
        if isActive != active { gtk_toggle_button_set_active(cast(), active ? 1 : 0) }
    }

    func onToggled(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.on(raw, "toggled", action) }
}

/// A GtkCheckButton (a radio item of the Preferences window).
final class CheckButton: Widget {
    override class var gtkType: GType { gtk_check_button_get_type() }

    convenience init() { self.init(gtk_check_button_new()) }

    var isActive: Bool { gtk_check_button_get_active(cast()) != 0 }

    func setActive(_ active: Bool) {
        if isActive != active { gtk_check_button_set_active(cast(), active ? 1 : 0) }
    }

    /// Drawn and behaving as a radio button, one of `group`'s.
    func join(_ group: CheckButton) { gtk_check_button_set_group(cast(), group.cast()) }

    func onToggled(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.on(raw, "toggled", action) }
}

/// A GtkMenuButton; its menu comes from the `.ui` file (`Builder.setMenu`) or from code.
final class MenuButton: Widget {
    override class var gtkType: GType { gtk_menu_button_get_type() }

    /// Gives the button `menu` (a GMenuModel), its popover built only when it first opens.
    func setMenu(_ menu: ObjectRef) {
        ghf_menu_button_set_menu_model_when_opened(opaque, menu.pointer.assumingMemoryBound(to: GMenuModel.self))
    }
}

extension Button {
    /// A flat button that screen readers present as a link named `name` (an image inside a
    /// README's link).
    convenience init(link name: String) {
        self.init(ghf_widget_new_with_role(gtk_button_get_type(), GTK_ACCESSIBLE_ROLE_LINK))
        addClass("flat")
        setAccessibleLabel(name)
    }
}
