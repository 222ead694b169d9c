import Foundation

/// The lists of Your Profile, in the order of their tabs.
public enum AccountList: String, Sendable, CaseIterable {
    case following
    case followers
    case repositories

    /// The tab's title and the list's accessible name (DESIGN §5).
    public var title: String {
        switch self {
        case .following: tr("Following")
        case .followers: tr("Followers")
        case .repositories: tr("Your Repositories")
        }
    }

    /// Shown when GitHub's list is empty.
    public var emptyPage: StatePage {
        switch self {
        case .following:
            StatePage(name: "empty", icon: "system-users-symbolic", title: tr("Not Following Anyone"),
                      description: tr("People you follow on GitHub\nare listed here."))
        case .followers:
            StatePage(name: "empty", icon: "system-users-symbolic", title: tr("No Followers Yet"),
                      description: tr("People who follow you on GitHub\nare listed here."))
        case .repositories:
            StatePage(name: "empty", icon: "folder-symbolic", title: tr("No Repositories"),
                      description: tr("Repositories you own on GitHub\nare listed here."))
        }
    }
}

/// What one list of Your Profile shows: GitHub's rows so far and how loading them goes.
public struct AccountListState<Row: SearchResultRow>: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        case loading
        case loaded
        case loadingMore
        /// Nothing could be shown: a page with Retry.
        case failed(message: String)
    }

    public let list: AccountList
    public var rows: [Row] = []
    public var phase: Phase = .loading
    /// A later page failed: the rows stay and a toast says why (once).
    public var pagingError: String?
    /// How many GitHub says there are (the profile's counts), for the tab; nil until known.
    public var total: Int?

    public init(list: AccountList) {
        self.list = list
    }

    /// The page shown instead of the rows; nil while rows show.
    public var statePage: StatePage? {
        switch phase {
        case .failed(let message):
            StatePage(name: "failed", icon: "dialog-error-symbolic", title: tr("Something Went Wrong"), description: message, button: tr("Retry"))
        case .loaded where rows.isEmpty: list.emptyPage
        case .loading where rows.isEmpty: StatePage(name: "loading", icon: "content-loading-symbolic", title: tr("Loading…"))
        default: nil
        }
    }

    /// The count beside the tab's name ("250", as the locale writes numbers) once known.
    public var countText: String? { total.map(NumberText.integer) }
}

/// Your Profile's own words.
public enum YourProfileTexts {
    /// The first tab: the account's profile itself.
    public static var profileTab: String { tr("Profile") }
    /// The header bar's avatar button, which opens it (DESIGN §5).
    public static var button: String { tr("Your Profile") }
}
