import Foundation

/// How repository results are ordered. `bestMatch` is GitHub's default and sends no `sort`.
public enum RepositorySearchSort: String, Sendable, Hashable, CaseIterable {
    case bestMatch
    case stars
    case forks
    case helpWantedIssues
    case updated

    /// The `sort` value GitHub takes (nil: best match, sent as no `sort` at all).
    var apiValue: String? {
        switch self {
        case .bestMatch: nil
        case .stars: "stars"
        case .forks: "forks"
        case .helpWantedIssues: "help-wanted-issues"
        case .updated: "updated"
        }
    }
}

/// Everything that defines the first page of a repository search.
public struct RepositorySearchRequest: Sendable, Hashable {
    public var query: SearchQuery
    public var sort: RepositorySearchSort
    public var order: SortOrder
    /// 1…100; GitHub's default is 30.
    public var perPage: Int

    public init(query: SearchQuery, sort: RepositorySearchSort = .bestMatch, order: SortOrder = .descending, perPage: Int = UserSearchRequest.maximumPerPage) {
        self.query = query
        self.sort = sort
        self.order = order
        self.perPage = min(max(perPage, 1), UserSearchRequest.maximumPerPage)
    }
}

/// One page of repository-search results (`GET /search/repositories`).
public struct RepositorySearchPage: Sendable, Hashable {
    public var repositories: [Repository]
    /// How many repositories match; may be far above what can be paged through.
    public var totalCount: Int
    /// True when GitHub's search timed out and returned what it had.
    public var incompleteResults: Bool
    /// The `rel="next"` link, followed verbatim; nil on the last reachable page.
    public var next: URL?
    /// Items of the page that could not be shown (no id or name): skipped, and said so.
    public var skippedCount: Int

    public init(repositories: [Repository], totalCount: Int, incompleteResults: Bool, next: URL?, skippedCount: Int = 0) {
        self.repositories = repositories
        self.totalCount = totalCount
        self.incompleteResults = incompleteResults
        self.next = next
        self.skippedCount = skippedCount
    }

    /// True when more repositories match than GitHub will ever return for this query.
    public var isCappedByGitHub: Bool { totalCount > GitHubSearchLimits.resultCap }
}
