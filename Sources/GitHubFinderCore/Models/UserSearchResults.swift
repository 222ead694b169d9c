import Foundation

/// The results of one search accumulated across pages: users in order, each id once (GitHub's
/// ranking can shift between page requests, so the same account may come back on a later page).
public struct UserSearchResults: Sendable, Hashable {
    public private(set) var users: [User] = []
    public private(set) var totalCount = 0
    public private(set) var incompleteResults = false
    /// Where the next page is; nil when the last reachable page has been loaded.
    public private(set) var next: URL?
    private var seen: Set<UserID> = []

    public init() {}

    public init(firstPage: SearchPage) {
        append(firstPage)
    }

    /// Adds a page and returns the users it contributed that were not already listed.
    @discardableResult
    public mutating func append(_ page: SearchPage) -> [User] {
        let fresh = page.users.filter { seen.insert($0.id).inserted }
        users.append(contentsOf: fresh)
        totalCount = page.totalCount
        incompleteResults = incompleteResults || page.incompleteResults
        next = page.next
        return fresh
    }

    public var hasMore: Bool { next != nil }
    /// True when more accounts match than GitHub returns ("Showing the first 1,000 of 6,038").
    public var isCappedByGitHub: Bool { totalCount > SearchPage.resultCap }
    /// How many of the matches can be paged to.
    public var reachableCount: Int { min(totalCount, SearchPage.resultCap) }
}
