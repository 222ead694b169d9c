import Foundation

/// Everything the detail pane shows for one user.
public struct PersonDetailState: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        case loading
        case loaded
        /// No profile could be shown: message and Retry.
        case failed(message: String)
    }

    public enum RepositoriesPhase: Equatable, Sendable {
        case loading
        case loaded
        case loadingMore
        case failed(message: String)
    }

    /// What is known before the profile arrives (from the search row or favorite).
    public var user: User
    public var profile: UserProfile?
    public var phase: Phase = .loading
    /// Set when a cached profile is shown but revalidating it failed.
    public var refreshError: String?
    public var repositories: [Repository] = []
    public var repositoriesPhase: RepositoriesPhase = .loading
    public var isFavorite = false
    /// Follow / Unfollow: nil signed out, for yourself and for bots.
    public var follow: FollowState?
    /// A favorite's profile changes since it was starred (recorded when its profile is shown).
    public var changesSinceStarred: ProfileChanges?

    public init(user: User) {
        self.user = user
    }

    public var login: String { profile?.login ?? user.login }
    /// "Since you starred them on 3 Mar 2026: +120 followers · bio changed"; nil when nothing
    /// changed or this is not a favorite.
    public var changesText: String? {
        guard isFavorite, let changes = changesSinceStarred, let summary = changes.summary else { return nil }
        let day = changes.since.formatted(.dateTime.day().month(.abbreviated).year().locale(Localization.dateLocale))
        // TRANSLATORS: {date} is a day ("3 Mar 2026"); {changes} lists what changed ("+120 followers · bio changed").
        return tr("Since you starred them on {date}: {changes}", ["date": day, "changes": summary])
    }
    public var starLabel: String { isFavorite ? tr("Remove from favorites") : tr("Add to favorites") }
    /// The profile page, only when it is http(s).
    public var profileURL: URL? { BrowserURL.validated(profile?.profileURL ?? user.profileURL) }
    /// The blog as a link: people type it without a scheme, so `https://` is assumed then.
    public var blogURL: URL? {
        guard let blog = profile?.blog?.trimmingCharacters(in: .whitespacesAndNewlines), !blog.isEmpty else { return nil }
        return BrowserURL.validated(URL(string: blog.contains("://") ? blog : "https://\(blog)"))
    }
}

/// The one rule for what may be opened in a browser: absolute http(s) URLs with a host.
public enum BrowserURL {
    public static func validated(_ url: URL?) -> URL? {
        guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
              let host = url.host, !host.isEmpty else { return nil }
        return url
    }
}
