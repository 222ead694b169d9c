import CGtk
import GitHubFinderCore

/// The window's keyboard actions (`win.*`), bound to accelerators by the application.
@MainActor
enum WindowActions {
    static let accelerators: [(String, [String])] = [
        ("win.focus-search", ["<Control>f"]),
        ("win.show-search", ["<Alt>1"]),
        ("win.show-favorites", ["<Alt>2"]),
        ("win.toggle-star", ["<Control>d"]),
        ("win.open-in-browser", ["<Control>o"]),
        ("win.show-help-overlay", ["<Control>question"]),
        ("app.quit", ["<Control>q"]),
    ]

    static func install(on window: MainWindow) {
        add(window, "focus-search") { [weak window] in
            guard let window else { return }
            window.show(tab: .search)
            window.searchView?.entry.grabFocus()
            window.searchView?.entry.selectAllText()
        }
        add(window, "show-search") { [weak window] in window?.show(tab: .search) }
        add(window, "show-favorites") { [weak window] in
            window?.show(tab: .favorites)
            window?.favoritesView?.filter.grabFocus()
        }
        add(window, "toggle-star") { [weak window] in window?.coordinator?.detail?.viewModel?.send(.toggleFavorite) }
        add(window, "open-in-browser") { [weak window] in window?.coordinator?.detail?.viewModel?.send(.openInBrowser) }
        add(window, "show-help-overlay") { [weak window] in window?.showHelpOverlay() }
    }

    private static func add(_ window: MainWindow, _ name: String, _ handler: @escaping @MainActor () -> Void) {
        let action = g_simple_action_new(name, nil)!
        Signals.onAction(action) { _ in handler() }
        g_action_map_add_action(OpaquePointer(window.window.pointer), action)
    }
}
