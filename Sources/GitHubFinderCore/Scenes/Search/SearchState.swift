import Foundation

/// One People result row: what the row draws and what its star toggle says.
public struct PersonRow: SearchResultRow {
    public var id: UserID
    public var login: String
    public var avatarURL: URL?
    /// "Organization" or "Bot"; nil for a personal account.
    public var badge: String?
    public var isFavorite: Bool

    /// The star toggle's accessible name (DESIGN §5).
    public var starLabel: String { Self.starLabel(login: login, isFavorite: isFavorite) }

    /// The star toggle's accessible name for any row showing `login` (Search and Favorites).
    public static func starLabel(login: String, isFavorite: Bool) -> String {
        isFavorite ? tr("Remove {login} from favorites", ["login": login]) : tr("Add {login} to favorites", ["login": login])
    }

    /// The star toggle's tooltip; the accessible name above says whose it is.
    public static func starTooltip(isFavorite: Bool) -> String {
        isFavorite ? tr("Remove from Favorites") : tr("Add to Favorites")
    }
}

/// Everything the People scope of the Search tab shows.
public typealias PeopleSearchState = ScopedSearchState<PersonRow, UserSearchSort>

/// Everything one scope of the Search tab shows.
public struct ScopedSearchState<Row: SearchResultRow, Sort: SearchSort>: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        /// Nothing typed: a hint with example qualifiers.
        case initial
        /// The first page is on its way.
        case loading
        case results
        /// "No Users Found".
        case noResults
        /// "You're Offline", with Retry.
        case offline(message: String)
        /// "Rate Limit Reached": the search runs again by itself at `resetsAt`.
        case rateLimited(resetsAt: Date)
        /// GitHub rejected the query (422): its own message.
        case invalidQuery(message: String)
        /// Anything else: message and Retry.
        case failed(message: String)
        /// GitHub stopped accepting the token (401): "Sign In Required". The query is kept and
        /// searched again after signing in.
        case signInRequired
    }

    /// The state of the next page below the rows.
    public enum Paging: Equatable, Sendable {
        case idle
        case loadingMore
        /// The rows stay; a toast offers Retry.
        case failed(message: String)
        /// Every reachable page is loaded.
        case complete
    }

    public var query = ""
    public var sort: Sort = .bestMatch
    public var phase: Phase = .initial
    /// The queries searched lately in this scope, newest first (`SearchHistory`).
    public var recentSearches: [String] = []
    /// Under an empty entry, the recent searches take the place of the start page.
    public var showsRecentSearches: Bool { phase == .initial && !recentSearches.isEmpty }
    public var rows: [Row] = []
    public var paging: Paging = .idle
    public var totalCount = 0
    /// "Showing the first 1,000 of 6,038 users" when GitHub caps the search; nil otherwise.
    public var capNotice: String?
    /// "1 result could not be shown" when GitHub sent items no row can show; nil otherwise.
    public var skippedNotice: String?
    /// Whole seconds until a rate-limited search retries, ticking down; nil when not limited.
    public var rateLimitSecondsRemaining: Int?
    /// The search bucket as the last response reported it (remaining / limit), when limited.
    public var searchRateLimit: RateLimit?
    /// Whether requests carry a token (the limit is higher then).
    public var isSignedIn = false

    public init() {}

    /// What the end of the list says: results that could not be shown, and, once every page is
    /// loaded, GitHub's cap. Nil when there is nothing to say.
    public var footerText: String? {
        let lines = [skippedNotice, paging == .complete ? capNotice : nil].compactMap { $0 }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// "2 results could not be shown", or nil for none.
    public static func skippedNotice(count: Int) -> String? {
        guard count > 0 else { return nil }
        // TRANSLATORS: at the end of the search results when GitHub sent {count} items without what a row needs (an id, a name).
        return trn("{count} result could not be shown", "{count} results could not be shown", count)
    }

    /// The "Rate Limit Reached" explanation with its live countdown; nil when not limited.
    public var rateLimitMessage: String? {
        guard let allowance = rateLimitAllowance, let countdown = rateLimitCountdown else { return nil }
        return allowance + "\n" + countdown
    }

    /// What the limit is and whether signing in helps: fixed while the countdown runs.
    public var rateLimitAllowance: String? {
        guard case .rateLimited = phase else { return nil }
        if let limit = searchRateLimit {
            let values: KeyValuePairs = ["remaining": NumberText.integer(limit.remaining), "limit": NumberText.integer(limit.limit)]
            // People and repositories are one search quota on GitHub: the message says so.
            return isSignedIn
                ? tr("{remaining} of {limit} searches a minute left, for people and repositories together.", values)
                : tr("{remaining} of {limit} searches a minute left, for people and repositories together (sign in for more).", values)
        }
        return isSignedIn ? tr("GitHub asks to slow down.") : tr("GitHub allows only a few searches a minute without signing in.")
    }

    /// "Searching again in 0:42 (at 10:15 AM)." — the only text that changes each second.
    public var rateLimitCountdown: String? {
        guard case .rateLimited(let resetsAt) = phase else { return nil }
        let seconds = max(rateLimitSecondsRemaining ?? 0, 0)
        let time = Localization.time(resetsAt)
        // TRANSLATORS: {countdown} is minutes:seconds ("0:42"); {time} is the clock time it ends.
        return tr("Searching again in {countdown} (at {time}).", ["countdown": "\(seconds / 60):\(String(format: "%02d", seconds % 60))", "time": time])
    }
}

extension ScopedSearchState where Row == PersonRow {
    /// "Organization"/"Bot" badge text for an account type.
    public static func badge(for type: AccountType) -> String? {
        switch type {
        case .user: nil
        // TRANSLATORS: a badge beside the login of an organization's account.
        case .organization: tr("Organization")
        // TRANSLATORS: a badge beside the login of an automated account (a GitHub App).
        case .bot: tr("Bot")
        }
    }

}

extension PersonRow {
    public static func capNotice(total: Int) -> String? {
        guard total > GitHubSearchLimits.resultCap else { return nil }
        // TRANSLATORS: at the end of the list when GitHub returns only the first {cap} of {count} matches.
        return trn("Showing the first {cap} of {count} user", "Showing the first {cap} of {count} users", total, ["cap": NumberText.integer(GitHubSearchLimits.resultCap)])
    }

    public static var initialPage: StatePage {
        StatePage(name: "initial", icon: "system-search-symbolic", title: tr("Search GitHub Users"),
                  // TRANSLATORS: keep the qualifiers (location:, followers:, type:org, repos:) as they are: GitHub reads them. Keep lines short (about 40 columns; a Korean syllable is 2): state pages do not wrap lines that fit.
                  description: tr("Type a name or login.\nQualifiers work too:\nlocation:berlin  followers:>100\ntype:org  repos:>10"))
    }

    public static var noResultsPage: StatePage {
        StatePage(name: "noResults", icon: "edit-find-symbolic", title: tr("No Users Found"), description: tr("Try a different name,\nor fewer qualifiers."))
    }
}
