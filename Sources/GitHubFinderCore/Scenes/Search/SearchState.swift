import Foundation

/// One result row: what the row draws and what its star toggle says.
public struct SearchRow: Equatable, Sendable, Identifiable {
    public var id: UserID
    public var login: String
    public var avatarURL: URL?
    /// "Organization" or "Bot"; nil for a personal account.
    public var badge: String?
    public var isFavorite: Bool

    /// The star toggle's accessible name (DESIGN §5).
    public var starLabel: String {
        isFavorite ? "Remove \(login) from favorites" : "Add \(login) to favorites"
    }
}

/// Everything the Search tab shows.
public struct SearchState: Equatable, Sendable {
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
    public var sort: UserSearchSort = .bestMatch
    public var phase: Phase = .initial
    public var rows: [SearchRow] = []
    public var paging: Paging = .idle
    public var totalCount = 0
    /// "Showing the first 1,000 of 6,038 users" when GitHub caps the search; nil otherwise.
    public var capNotice: String?
    /// Whole seconds until a rate-limited search retries, ticking down; nil when not limited.
    public var rateLimitSecondsRemaining: Int?
    /// The search bucket as the last response reported it (remaining / limit), when limited.
    public var searchRateLimit: RateLimit?
    /// Whether requests carry a token (the limit is higher then).
    public var isSignedIn = false

    public init() {}

    /// The "Rate Limit Reached" explanation with its live countdown; nil when not limited.
    public var rateLimitMessage: String? {
        guard let allowance = rateLimitAllowance, let countdown = rateLimitCountdown else { return nil }
        return allowance + "\n" + countdown
    }

    /// What the limit is and whether signing in helps: fixed while the countdown runs.
    public var rateLimitAllowance: String? {
        guard case .rateLimited = phase else { return nil }
        if let limit = searchRateLimit {
            return "\(limit.remaining) of \(limit.limit) searches a minute left\(isSignedIn ? "" : " (sign in for more)")."
        }
        return isSignedIn ? "GitHub asks to slow down." : "GitHub allows only a few searches a minute without signing in."
    }

    /// "Searching again in 0:42 (at 10:15 AM)." — the only text that changes each second.
    public var rateLimitCountdown: String? {
        guard case .rateLimited(let resetsAt) = phase else { return nil }
        let seconds = max(rateLimitSecondsRemaining ?? 0, 0)
        let time = resetsAt.formatted(date: .omitted, time: .shortened)
        return "Searching again in \(seconds / 60):\(String(format: "%02d", seconds % 60)) (at \(time))."
    }
}

extension SearchState {
    /// "Organization"/"Bot" badge text for an account type.
    public static func badge(for type: AccountType) -> String? {
        switch type {
        case .user: nil
        case .organization: "Organization"
        case .bot: "Bot"
        }
    }

    static func capNotice(total: Int) -> String? {
        guard total > SearchPage.resultCap else { return nil }
        return "Showing the first \(grouped(SearchPage.resultCap)) of \(grouped(total)) users"
    }

    /// 6038 → "6,038" in English, "6.038" in German (`NumberGrouping.current`).
    static func grouped(_ number: Int) -> String {
        NumberGrouping.current.format(number)
    }
}
