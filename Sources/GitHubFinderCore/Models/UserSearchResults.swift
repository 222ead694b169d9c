import Foundation

/// One page of any search: what paging needs from `UserSearchPage` and `RepositorySearchPage`.
public protocol SearchResultsPage<Item>: Sendable {
    associatedtype Item: Sendable & Identifiable<Int64>
    var items: [Item] { get }
    var totalCount: Int { get }
    var incompleteResults: Bool { get }
    var next: URL? { get }
    /// Items GitHub sent that could not be shown (a row needs an id and a login or name).
    var skippedCount: Int { get }
}

extension UserSearchPage: SearchResultsPage {
    public var items: [User] { users }
}

extension RepositorySearchPage: SearchResultsPage {
    public var items: [Repository] { repositories }
}

/// The results of one search accumulated across pages: items in order, each id once (GitHub's
/// ranking can shift between page requests, so the same result may come back on a later page).
public struct SearchResults<Item: Sendable & Identifiable<Int64>>: Sendable {
    public private(set) var items: [Item] = []
    public private(set) var totalCount = 0
    public private(set) var incompleteResults = false
    /// Where the next page is; nil when the last reachable page has been loaded.
    public private(set) var next: URL?
    /// Items of the loaded pages that could not be shown: said at the end of the list.
    public private(set) var skippedCount = 0
    private var seen: Set<Int64> = []

    public init() {}

    public init(firstPage: some SearchResultsPage<Item>) {
        append(firstPage)
    }

    /// Adds a page and returns the items it contributed that were not already listed.
    @discardableResult
    public mutating func append(_ page: some SearchResultsPage<Item>) -> [Item] {
        let fresh = page.items.filter { seen.insert($0.id).inserted }
        items.append(contentsOf: fresh)
        totalCount = page.totalCount
        incompleteResults = incompleteResults || page.incompleteResults
        next = page.next
        skippedCount += page.skippedCount
        return fresh
    }

    public var hasMore: Bool { next != nil }
    /// True when more match than GitHub returns ("Showing the first 1,000 of 6,038").
    public var isCappedByGitHub: Bool { totalCount > GitHubSearchLimits.resultCap }
    /// How many of the matches can be paged to.
    public var reachableCount: Int { min(totalCount, GitHubSearchLimits.resultCap) }
}

/// A user search accumulated across pages.
public typealias UserSearchResults = SearchResults<User>

extension SearchResults where Item == User {
    public var users: [User] { items }
}
extension SearchResults: Equatable, Hashable where Item: Hashable {}
