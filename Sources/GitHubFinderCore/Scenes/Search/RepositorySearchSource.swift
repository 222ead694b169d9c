import Foundation

/// Stars and unstars repositories wherever they are shown: in the store, and on GitHub too when
/// signed in with a token that may star.
public protocol RepositoryStarring: Sendable {
    /// The starred repository ids now, then after each change.
    func observeStarredIDs() -> AsyncStream<Set<Int64>>
    /// On the main actor: a change is stamped with the account signed in when it was made.
    @MainActor func star(_ repository: Repository) throws
    @MainActor func unstar(_ repository: Repository) throws
}

/// The Repositories scope: `GET /search/repositories`, starred through `RepositoryStarring`.
public struct RepositorySearchSource: SearchSource {
    public let api: any GitHubAPI
    public let starring: any RepositoryStarring
    let now: @Sendable () -> Date

    public init(api: any GitHubAPI, starring: any RepositoryStarring, now: @escaping @Sendable () -> Date = Date.init) {
        self.api = api
        self.starring = starring
        self.now = now
    }

    public func search(_ query: SearchQuery, sort: RepositorySearchSort, perPage: Int) async throws(GitHubError) -> RepositorySearchPage {
        try await api.searchRepositories(RepositorySearchRequest(query: query, sort: sort, perPage: perPage))
    }

    public func search(page: URL) async throws(GitHubError) -> RepositorySearchPage {
        try await api.searchRepositories(page: page)
    }

    public func observeFavoriteIDs() -> AsyncStream<Set<Int64>> {
        starring.observeStarredIDs()
    }

    public func row(for repository: Repository, isFavorite: Bool) -> RepositoryRow {
        RepositoryRow(repository, isFavorite: isFavorite, now: now())
    }

    @MainActor public func setFavorite(_ repository: Repository, _ isFavorite: Bool) throws {
        if isFavorite { try starring.star(repository) } else { try starring.unstar(repository) }
    }
}
