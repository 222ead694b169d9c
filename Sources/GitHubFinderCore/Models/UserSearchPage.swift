import Foundation

/// One page of user-search results (`GET /search/users`).
public struct UserSearchPage: Sendable, Hashable {
    public var users: [User]
    /// How many accounts match; may be far above what can be paged through.
    public var totalCount: Int
    /// True when GitHub's search timed out and returned what it had; absent in older responses.
    public var incompleteResults: Bool
    /// The `rel="next"` link, followed verbatim; nil on the last reachable page.
    public var next: URL?
    /// Items of the page that could not be shown (no id or login): skipped, and said so.
    public var skippedCount: Int

    public init(users: [User], totalCount: Int, incompleteResults: Bool, next: URL?, skippedCount: Int = 0) {
        self.users = users
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
        self.next = next
        self.skippedCount = skippedCount
    }

    /// True when more accounts match than GitHub will ever return for this query.
    public var isCappedByGitHub: Bool { totalCount > GitHubSearchLimits.resultCap }

    /// How many results can actually be reached by paging.
    public var reachableCount: Int { min(totalCount, GitHubSearchLimits.resultCap) }
}
