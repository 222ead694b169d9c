import CGtk
import Foundation
import GitHubFinderCore

/// The windows and dialogs the main window opens above itself: About, the file choosers,
/// alerts, Preferences and Keyboard Shortcuts; and the style it applies.
extension MainWindow {
    public func showAbout() { Dialogs.showAbout(parent: gtkWindow, version: GitHubFinderApplication.version) }

    public func chooseExportFile(suggestedName: String, chosen: @escaping @MainActor (URL) -> Void) {
        FavoritesFileChooser.chooseExport(parent: gtkWindow, suggestedName: suggestedName, chosen: chosen)
    }

    public func chooseImportFile(chosen: @escaping @MainActor (URL) -> Void) {
        FavoritesFileChooser.chooseImport(parent: gtkWindow, chosen: chosen)
    }

    public func useStyle(_ scheme: ColorSchemePreference) {
        Style.apply(scheme)
        let store = PreferencesStore()
        var preferences = store.load()
        preferences.colorScheme = scheme
        try? store.save(preferences)
    }

    public func showAlert(_ alert: Alert) { Dialogs.showMessage(parent: gtkWindow, title: alert.title, message: alert.message) }

    /// The Preferences window (Ctrl+, or the menu), made the first time it is asked for and kept.
    public func showPreferences() {
        if preferencesView == nil, let view = makePreferences?() {
            // Part of the application, so its check buttons reach app.style.
            gtk_window_set_application(view.window.gtkWindow, gtk_window_get_application(gtkWindow))
            view.window.setTransient(for: window)
            preferencesView = view
        }
        preferencesView?.present()
    }

    func hidePreferences() { preferencesView?.window.setVisible(false) }

    /// The Keyboard Shortcuts window, loaded the first time it is asked for (Ctrl+? or the menu).
    public func showShortcuts() {
        if helpOverlay == nil {
            let overlay = ShortcutsWindow.make().get(ShortcutsWindow.id, as: Window.self)
            overlay.setTransient(for: window)
            gtk_window_set_hide_on_close(overlay.gtkWindow, 1)
            helpOverlay = overlay
        }
        helpOverlay?.present()
    }
}
