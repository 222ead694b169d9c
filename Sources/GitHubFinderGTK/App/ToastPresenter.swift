import CGtk
import GitHubFinderCore

/// Toasts at the bottom of the window (AdwToastOverlay): a message, an optional action, gone
/// after 6 s. The message is a plain label: server text in it is never read as markup. Each toast
/// replaces the one showing (Core keeps one Undo at a time), so it is on screen at once and its
/// buttons can be given their names.
@MainActor
final class ToastPresenter {
    private let overlay: ToastOverlay
    /// The buttons of the toasts not yet gone: one a toast replaced comes back once it is over.
    private var buttons: [SignalConnection] = []

    init(overlay: ToastOverlay) {
        self.overlay = overlay
    }

    func show(_ toast: Toast) {
        let adwToast = adw_toast_new("")!
        let title = Label(toast.message, xalign: 0.5)
        title.setWrap(toast.messageWraps)
        adw_toast_set_custom_title(adwToast, title.pointer)
        adw_toast_set_timeout(adwToast, 6)
        adw_toast_set_priority(adwToast, ADW_TOAST_PRIORITY_HIGH)
        buttons.removeAll { !$0.isConnected }
        if let actionTitle = toast.actionTitle {
            adw_toast_set_button_label(adwToast, actionTitle)
            if let action = toast.action {
                buttons.append(Signals.on(UnsafeMutableRawPointer(adwToast), "button-clicked") { action() })
            }
        }
        overlay.add(adwToast)
        overlay.nameButtons(dismiss: AccessibleNames.dismiss)
    }
}
