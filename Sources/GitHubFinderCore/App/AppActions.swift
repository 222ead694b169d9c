import Foundation

/// What an action does: an intent `AppCoordinator.perform` carries out (asking the navigator for
/// what only the window can do, such as moving the focus).
public enum AppIntent: Hashable, Sendable {
    case focusSearch
    case showTab(AppTab)
    /// People or repositories, in the tab shown (Search, or the Favorites lists).
    case showScope(SearchScope)
    case toggleStar
    case openInBrowser
    case refresh
    case showShortcuts
    case showPreferences
    case showAbout
    case quit
    case signIn
    case signOut
    case importFollowing
    case exportFavorites
    case importFavorites
    /// The action's parameter names the `ColorSchemePreference`.
    case useStyle
}

/// What decides whether an action can be used now.
public struct ActionState: Equatable, Sendable {
    /// A person or a repository is in the detail pane (not a placeholder).
    public var isShowingDetail = false
    public var isSignedIn = false
    public var canSignOut = false

    public init(isShowingDetail: Bool = false, isSignedIn: Bool = false, canSignOut: Bool = false) {
        self.isShowingDetail = isShowingDetail
        self.isSignedIn = isSignedIn
        self.canSignOut = canSignOut
    }
}

/// One action of the app: its GAction name, what it does, its keys, when it can be used, and
/// how the primary menu and the shortcuts window name it. `AppActions.all` is the one table.
public struct AppAction: Sendable {
    public enum Scope: String, Sendable {
        /// On the application (`app.`): the menu's account, files and style items, Quit.
        case application = "app"
        /// On the window (`win.`).
        case window = "win"
    }

    public enum Availability: Sendable {
        case always
        case whenShowingDetail
        case whenSignedOut
        case whenSignedIn
        /// Signed in with a token this app may forget (not one from the environment).
        case whenCanSignOut
    }

    /// The GAction's name: "toggle-star".
    public var name: String
    public var scope: Scope
    public var intent: AppIntent
    /// GTK accelerators ("<Control>d"); the first is the one menus show.
    public var keys: [String] = []
    public var availability: Availability = .always
    /// How the shortcuts window lists it; nil when it has no keys.
    public var shortcut: (title: String, group: KeyboardShortcut.Group)?
    /// Its primary menu label, with a mnemonic; nil when it is not in the menu.
    public var menuLabel: String?
    /// The menu leaves it out while it cannot be used (Sign In… once signed in).
    public var hiddenWhenDisabled = false
    /// The values of a stateful action (the style's), each with its menu label; empty otherwise.
    public var choices: [(value: String, label: String)] = []

    /// "win.toggle-star": what GTK's menus and accelerators name.
    public var detailedName: String { "\(scope.rawValue).\(name)" }

    public func isEnabled(in state: ActionState) -> Bool {
        switch availability {
        case .always: true
        case .whenShowingDetail: state.isShowingDetail
        case .whenSignedOut: !state.isSignedIn
        case .whenSignedIn: state.isSignedIn
        case .whenCanSignOut: state.canSignOut
        }
    }
}

/// Every action, in one table: GTK installs them from it (keys, handlers, enabled state), the
/// primary menu and the shortcuts window read their labels from it.
public enum AppActions {
    public static var all: [AppAction] {
        [
            AppAction(name: "focus-search", scope: .window, intent: .focusSearch, keys: ["<Control>f"],
                      shortcut: (tr("Focus the search entry"), .search)),
            AppAction(name: "search-people", scope: .window, intent: .showScope(.people), keys: ["<Control>1"],
                      shortcut: (tr("People (in Search or Favorites)"), .search)),
            AppAction(name: "search-repositories", scope: .window, intent: .showScope(.repositories), keys: ["<Control>2"],
                      shortcut: (tr("Repositories (in Search or Favorites)"), .search)),
            AppAction(name: "show-search", scope: .window, intent: .showTab(.search), keys: ["<Alt>1"], shortcut: (tr("Search tab"), .navigation)),
            AppAction(name: "show-favorites", scope: .window, intent: .showTab(.favorites), keys: ["<Alt>2"], shortcut: (tr("Favorites tab"), .navigation)),
            AppAction(name: "show-whats-new", scope: .window, intent: .showTab(.whatsNew), keys: ["<Alt>3"], shortcut: (tr("What's New tab"), .navigation)),
            AppAction(name: "toggle-star", scope: .window, intent: .toggleStar, keys: ["<Control>d"], availability: .whenShowingDetail,
                      shortcut: (tr("Add to or remove from favorites"), .user)),
            AppAction(name: "open-in-browser", scope: .window, intent: .openInBrowser, keys: ["<Control>o"], availability: .whenShowingDetail,
                      shortcut: (tr("Open in browser"), .user)),
            AppAction(name: "refresh", scope: .window, intent: .refresh, keys: ["F5", "<Control>r"], shortcut: (tr("Refresh"), .general)),
            AppAction(name: "show-help-overlay", scope: .window, intent: .showShortcuts, keys: ["<Control>question"],
                      shortcut: (tr("Keyboard shortcuts"), .general), menuLabel: tr("_Keyboard Shortcuts")),
            AppAction(name: "show-preferences", scope: .window, intent: .showPreferences, keys: ["<Control>comma"],
                      shortcut: (tr("Preferences"), .general), menuLabel: tr("_Preferences")),
            AppAction(name: "quit", scope: .application, intent: .quit, keys: ["<Control>q"], shortcut: (tr("Quit"), .general)),
            AppAction(name: "sign-in", scope: .application, intent: .signIn, availability: .whenSignedOut, menuLabel: tr("_Sign In…"), hiddenWhenDisabled: true),
            AppAction(name: "sign-out", scope: .application, intent: .signOut, availability: .whenCanSignOut, menuLabel: tr("Sign _Out"), hiddenWhenDisabled: true),
            AppAction(name: "import-following", scope: .application, intent: .importFollowing, availability: .whenSignedIn,
                      menuLabel: tr("_Add everyone you follow to Favorites"), hiddenWhenDisabled: true),
            AppAction(name: "export-favorites", scope: .application, intent: .exportFavorites, menuLabel: tr("_Export Favorites…")),
            AppAction(name: "import-favorites", scope: .application, intent: .importFavorites, menuLabel: tr("_Import Favorites…")),
            AppAction(name: "style", scope: .application, intent: .useStyle,
                      choices: ColorSchemePreference.allCases.map { ($0.rawValue, $0.title) }),
            AppAction(name: "about", scope: .application, intent: .showAbout, menuLabel: tr("_About GitHub Finder")),
        ]
    }

    /// The action named `detailedName` ("win.refresh").
    public static func action(_ detailedName: String) -> AppAction? {
        all.first { $0.detailedName == detailedName }
    }
}
