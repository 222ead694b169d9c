import CGtk
import CGtkSupport

/// An AdwLeaflet: the sidebar and the detail side by side, or one at a time when narrow (folded).
final class Leaflet: Widget {
    override class var gtkType: GType { adw_leaflet_get_type() }

    var isFolded: Bool { adw_leaflet_get_folded(opaque) != 0 }
    func show(_ child: Widget) { adw_leaflet_set_visible_child(opaque, child.pointer) }
    func isShowing(_ child: Widget) -> Bool { adw_leaflet_get_visible_child(opaque) == child.pointer }

    func onFoldedChanged(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.onNotify(raw, "folded", action) }
    /// The pane shown changed (by a gesture, Alt+Left, or `show`).
    func onVisibleChildChanged(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.onNotify(raw, "visible-child", action) }
}

/// An AdwToastOverlay: toasts over the window's content.
final class ToastOverlay: Widget {
    override class var gtkType: GType { adw_toast_overlay_get_type() }

    /// Shows `toast` (an AdwToast; the overlay takes the reference).
    func add(_ toast: OpaquePointer) { adw_toast_overlay_add_toast(opaque, toast) }

    /// Names the buttons of the toast on screen, which libadwaita 1.2 leaves misnamed.
    func nameButtons(dismiss: String) { ghf_toast_overlay_name_buttons(pointer, dismiss) }
}

/// An AdwClamp: its child no wider than `maximum` pixels (a README image's `<img width>`), and
/// narrower when the pane is.
final class Clamp: Widget {
    override class var gtkType: GType { adw_clamp_get_type() }

    convenience init(_ child: Widget, maximum: Int) {
        self.init(adw_clamp_new())
        adw_clamp_set_maximum_size(opaque, Int32(maximum))
        adw_clamp_set_tightening_threshold(opaque, Int32(maximum))
        adw_clamp_set_child(opaque, child.pointer)
    }
}
