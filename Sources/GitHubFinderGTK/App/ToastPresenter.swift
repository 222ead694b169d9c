import Foundation
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

    /// How long a toast stays by itself: 6 s, or `GHF_TOAST_SECONDS` (the end-to-end run's
    /// accessibility reads can take longer than 6 s on a busy machine).
    static let seconds: UInt32 = ProcessInfo.processInfo.environment["GHF_TOAST_SECONDS"].flatMap { UInt32($0) } ?? 6

    func show(_ toast: Toast) {
        let adwToast = adw_toast_new("")!
        let title = Label(toast.message, xalign: 0.5)
        title.setWrap(toast.messageWraps)
        adw_toast_set_custom_title(adwToast, title.pointer)
        adw_toast_set_timeout(adwToast, Self.seconds)
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
