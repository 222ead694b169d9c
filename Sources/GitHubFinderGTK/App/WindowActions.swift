import CGtk
import GitHubFinderCore

/// The window's keyboard actions (`win.*`); their keys, and which need a user shown (star, open
/// in browser), come from Core's one table, `KeyboardShortcuts`.
@MainActor
enum WindowActions {

    /// Adds the actions; their handlers stay connected while the window keeps what this returns.
    static func install(on window: MainWindow) -> [SignalConnection] {
        let connections = [
            add(window, "focus-search") { [weak window] in
                guard let window else { return }
                window.show(tab: .search)
                window.searchView?.entry.grabFocus()
                window.searchView?.entry.selectAllText()
            },
            add(window, "show-search") { [weak window] in window?.show(tab: .search) },
            add(window, "show-favorites") { [weak window] in
                window?.show(tab: .favorites)
                window?.favoritesView?.filter.grabFocus()
            },
            add(window, "toggle-star") { [weak window] in
                window?.coordinator?.shownPerson?.send(.toggleFavorite)
                window?.coordinator?.repositoryDetail?.viewModel?.send(.toggleFavorite)
            },
            add(window, "open-in-browser") { [weak window] in
                window?.coordinator?.shownPerson?.send(.openInBrowser)
                window?.coordinator?.repositoryDetail?.viewModel?.send(.openInBrowser)
            },
            add(window, "search-people") { [weak window] in window?.showSearch(scope: .people) },
            add(window, "search-repositories") { [weak window] in window?.showSearch(scope: .repositories) },
            add(window, "show-help-overlay") { [weak window] in window?.showHelpOverlay() },
            add(window, "show-preferences") { [weak window] in window?.showPreferences() },
            add(window, "refresh") { [weak window] in window?.refresh() },
        ]
        setUserShown(false, on: window)
        return connections
    }

    /// Enables or disables the actions that need a user in the detail pane.
    static func setUserShown(_ shown: Bool, on window: MainWindow) {
        for name in KeyboardShortcuts.actionsNeedingAUser {
            guard let action = g_action_map_lookup_action(OpaquePointer(window.window.pointer), name) else { continue }
            g_simple_action_set_enabled(action, shown ? 1 : 0)
        }
    }

    /// Whether `win.NAME` can be used now.
    static func isEnabled(_ name: String, on window: MainWindow) -> Bool {
        g_action_group_get_action_enabled(OpaquePointer(window.window.pointer), name) != 0
    }

    private static func add(_ window: MainWindow, _ name: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        let action = g_simple_action_new(name, nil)!
        let connection = Signals.onAction(action) { _ in handler() }
        g_action_map_add_action(OpaquePointer(window.window.pointer), action)
        // The window's action map holds it from now on.
        g_object_unref(UnsafeMutableRawPointer(action))
        return connection
    }
}
