import Foundation

/// The first sync for a login found repositories starred here but not on GitHub. They are
/// neither starred on GitHub silently nor dropped: the user is asked once, in one dialog.
public struct StarSyncOffer: Equatable, Sendable {
    /// Who the stars would be made for.
    public let login: String
    /// The repositories starred only here, by full name.
    public let repositories: [RepositoryFavorite]

    public init(login: String, repositories: [RepositoryFavorite]) {
        self.login = login
        self.repositories = repositories
    }

    /// The dialog's heading.
    public var title: String { tr("Star on GitHub Too?") }

    /// The dialog's body, naming how many and the account.
    public var body: String {
        trn("{count} repository is starred in GitHub Finder but not on GitHub as {login}. Star it on GitHub, or keep it starred only here?",
            "{count} repositories are starred in GitHub Finder but not on GitHub as {login}. Star them on GitHub, or keep them starred only here?",
            repositories.count, ["login": login])
    }

    /// The button that stars them on GitHub (DESIGN.md §5).
    public var acceptLabel: String { tr("Star on GitHub") }
    /// The button that keeps them local-only (DESIGN.md §5).
    public var declineLabel: String { tr("Keep Local") }

    /// The question as the dialog asks it: starring on GitHub is the suggested answer, Escape
    /// keeps them local.
    public var confirmation: Confirmation {
        Confirmation(title: title, body: body, cancel: declineLabel, confirm: acceptLabel, isDestructive: false)
    }
}
