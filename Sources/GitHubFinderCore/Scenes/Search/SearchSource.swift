import Foundation

/// A search order a scope offers; every scope has GitHub's best match, its default.
public protocol SearchSort: RawRepresentable<String>, Hashable, Sendable, CaseIterable {
    static var bestMatch: Self { get }
}

extension UserSearchSort: SearchSort {}
extension RepositorySearchSort: SearchSort {}

/// One result row of a scope, and the texts that scope's state pages say.
public protocol SearchResultRow: Equatable, Sendable, Identifiable<Int64> {
    var isFavorite: Bool { get set }
    /// The avatar drawn at the row's start (the person's, the repository owner's).
    var avatarURL: URL? { get }
    /// Nothing typed yet: what can be searched for, with example qualifiers.
    static var initialPage: StatePage { get }
    /// "No Users Found", "No Repositories Found".
    static var noResultsPage: StatePage { get }
    /// "Showing the first 1,000 of 6,038 users" when GitHub caps the search; nil otherwise.
    static func capNotice(total: Int) -> String?
}

/// What one search scope (People, Repositories) searches, how its rows look and how its
/// results are starred. `ScopedSearchViewModel` does the rest the same way for every scope.
@MainActor
public protocol SearchSource {
    associatedtype Page: SearchResultsPage
    associatedtype Sort: SearchSort
    associatedtype Row: SearchResultRow
    typealias Item = Page.Item

    var api: any GitHubAPI { get }
    func search(_ query: SearchQuery, sort: Sort, perPage: Int) async throws(GitHubError) -> Page
    func search(page: URL) async throws(GitHubError) -> Page
    /// The starred ids now, then after each change.
    func observeFavoriteIDs() -> AsyncStream<Set<Int64>>
    func row(for item: Item, isFavorite: Bool) -> Row
    /// Stars or unstars `item`; what is thrown is shown to the user.
    @MainActor func setFavorite(_ item: Item, _ isFavorite: Bool) throws
}

/// The People scope: `GET /search/users`, starred into the people favorites.
public struct PeopleSearchSource: SearchSource {
    public let api: any GitHubAPI
    public let favorites: any PersonFavoritesStore

    public init(api: any GitHubAPI, favorites: any PersonFavoritesStore) {
        self.api = api
        self.favorites = favorites
    }

    public func search(_ query: SearchQuery, sort: UserSearchSort, perPage: Int) async throws(GitHubError) -> UserSearchPage {
        try await api.searchUsers(UserSearchRequest(query: query, sort: sort, perPage: perPage))
    }

    public func search(page: URL) async throws(GitHubError) -> UserSearchPage {
        try await api.searchUsers(page: page)
    }

    public func observeFavoriteIDs() -> AsyncStream<Set<Int64>> {
        favorites.observeFavoriteIDs()
    }

    public func row(for user: User, isFavorite: Bool) -> PersonRow {
        PersonRow(id: user.id, login: user.login, avatarURL: user.avatarURL, badge: PeopleSearchState.badge(for: user.type), isFavorite: isFavorite)
    }

    public func setFavorite(_ user: User, _ isFavorite: Bool) throws {
        if isFavorite {
            // With the name when a profile is cached, else filled in by one profile request.
            try PersonStarrer(api: api, store: favorites).star(user)
        } else {
            try favorites.remove(id: user.id)
        }
    }
}
