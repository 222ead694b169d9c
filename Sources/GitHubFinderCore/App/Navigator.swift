import Foundation

/// The two tabs of the sidebar.
public enum AppTab: Equatable, Sendable {
    case search
    case favorites
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
    func show(tab: AppTab)
    func showDetail(_ viewModel: DetailViewModel)
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
}

/// Opens a URL in the desktop's default browser (GTK: `gtk_show_uri_full`).
@MainActor
public protocol URLOpener: AnyObject {
    /// Returns nil on success, or what went wrong, in words.
    func open(_ url: URL) async -> String?
}
