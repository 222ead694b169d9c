import Foundation

/// The tabs of the sidebar.
public enum AppTab: Equatable, Sendable {
    case search
    case favorites
    case whatsNew
}

/// A message that needs acknowledging.
public struct Alert: Equatable, Sendable {
    public var title: String
    public var message: String

    public init(title: String, message: String) {
        self.title = title
        self.message = message
    }
}

/// What coordinators ask of the UI; the GTK window implements it, tests use a fake.
@MainActor
public protocol Navigator: AnyObject {
    func showSearch(_ viewModel: SearchTabViewModel)
    func showFavorites(_ viewModel: FavoritesTabViewModel)
    func showWhatsNew(_ viewModel: WhatsNewViewModel)
    func show(tab: AppTab)
    func showDetail(_ viewModel: PersonDetailViewModel)
    func showRepositoryDetail(_ viewModel: RepositoryDetailViewModel)
    /// Your Profile (signed in) in the detail pane.
    func showYourProfile(_ viewModel: YourProfileViewModel)
    /// "Select a User".
    func showDetailPlaceholder()
    func showToast(_ toast: Toast)
    func showAlert(_ alert: Alert)
    /// The Sign In dialog, modal over the window.
    func showSignIn(_ viewModel: SignInViewModel)
    func dismissSignIn()
    /// Who is signed in (nil: nobody), for the header bar and the menu.
    func showAccount(_ account: Authenticator.Account?, canSignOut: Bool)
    /// The repository star sync to present for the session: its refusals (toasts), its first
    /// sign-in question (Star on GitHub / Keep Local) and its progress.
    func showStarSync(_ starSync: StarSync)

    /// The tab shown in the sidebar.
    var currentTab: AppTab { get }
    /// The tab whose list is on screen; nil when a narrow window shows only the detail.
    var listOnScreen: AppTab? { get }
    /// The keyboard focus in the search entry, its text selected.
    func focusSearchEntry()
    /// The keyboard focus in the Favorites filter.
    func focusFavoritesFilter()
    func showShortcuts()
    func showPreferences()
    func showAbout()
    /// Asks where to export the favorites; `chosen` runs with the file the user picked.
    func chooseExportFile(suggestedName: String, chosen: @escaping @MainActor (URL) -> Void)
    /// Asks which file to import; `chosen` runs with the file the user picked.
    func chooseImportFile(chosen: @escaping @MainActor (URL) -> Void)
    /// Light, dark or the desktop's style, applied and remembered.
    func useStyle(_ scheme: ColorSchemePreference)
}

/// Opens a URL in the desktop's default browser (GTK: `gtk_show_uri_full`).
@MainActor
public protocol URLOpener: AnyObject {
    /// Returns nil on success, or what went wrong, in words.
    func open(_ url: URL) async -> String?
}
