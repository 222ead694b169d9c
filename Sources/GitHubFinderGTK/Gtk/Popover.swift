import CGtk

/// A GtkPopover (the Filters popover of the Repositories scope).
final class Popover: Widget {
    override class var gtkType: GType { gtk_popover_get_type() }

    func popdown() { gtk_popover_popdown(cast()) }

    /// Each time it opens.
    func onShow(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.on(raw, "show", action) }
}

/// A GtkSpinButton of whole numbers.
final class SpinButton: Widget {
    override class var gtkType: GType { gtk_spin_button_get_type() }

    /// The value as typed so far, too (what is in the field when Apply is pressed counts).
    var intValue: Int {
        gtk_spin_button_update(opaque)
        return Int(gtk_spin_button_get_value_as_int(opaque))
    }

    func setValue(_ value: Int) { gtk_spin_button_set_value(opaque, Double(value)) }
}

/// A GtkSwitch.
final class Switch: Widget {
    override class var gtkType: GType { gtk_switch_get_type() }

    var isActive: Bool { gtk_switch_get_active(opaque) != 0 }
    func setActive(_ active: Bool) { gtk_switch_set_active(opaque, active ? 1 : 0) }
}

private final class PopupMaker {
    let make: @MainActor () -> Widget?
    init(_ make: @escaping @MainActor () -> Widget?) { self.make = make }
}

extension MenuButton {
    /// Gives the button the popover `make` builds, when it first opens: what the popover holds
    /// is not built before it is used.
    func setPopover(whenOpened make: @escaping @MainActor () -> Widget?) {
        let maker = Unmanaged.passRetained(PopupMaker(make)).toOpaque()
        gtk_menu_button_set_create_popup_func(opaque, { button, data in
            guard let button, let data else { return }
            let make = Unmanaged<PopupMaker>.fromOpaque(data).takeUnretainedValue().make
            guard let popover = MainActor.assumeIsolated({ make() }) else { return }
            gtk_menu_button_set_popover(button, popover.pointer)
        }, maker, { data in
            guard let data else { return }
            Unmanaged<PopupMaker>.fromOpaque(data).release()
        })
    }
}
