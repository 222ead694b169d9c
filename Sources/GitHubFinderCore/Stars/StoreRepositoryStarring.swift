import Foundation

/// Repository stars in the store, and on GitHub too when signed in: each star or unstar is
/// durable in the database when it returns, and, signed in, queued in the outbox in the same
/// transaction and handed to `StarSync` to send. Signed out, stars stay local and nothing is queued.
public struct StoreRepositoryStarring: UndoableRepositoryStarring {
    public let store: any FavoritesStore<Repositories>
    let credentials: Credentials
    /// Sends the outbox; nil: changes are queued and wait for the next `StarSync.send()`.
    let sync: StarSync?
    let now: @Sendable () -> Date

    public init(store: any FavoritesStore<Repositories>, credentials: Credentials, sync: StarSync?, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.credentials = credentials
        self.sync = sync
        self.now = now
    }

    public func observeStarredIDs() -> AsyncStream<Set<Int64>> {
        store.observeFavoriteIDs()
    }

    @MainActor public func star(_ repository: Repository) throws {
        try save(RepositoryFavorite(repository, addedAt: now()))
    }

    @MainActor public func unstar(_ repository: Repository) throws {
        try unstarForUndo(repository)
    }

    @discardableResult
    @MainActor public func unstarForUndo(_ repository: Repository) throws(FavoritesStoreError) -> RepositoryFavorite? {
        let removed = try store.remove(id: repository.id, outbox: outbox(repository.id, fullName: repository.fullName, .unstar))
        sendIfSignedIn()
        return removed
    }

    @MainActor public func restore(_ favorite: RepositoryFavorite) throws(FavoritesStoreError) {
        // Already back (GitHub refused the unstar, and it was rolled back): nothing to undo;
        // starring again would only be refused in turn and remove it.
        guard try !store.favoriteIDs().contains(favorite.id) else { return }
        try save(favorite)
    }

    @MainActor private func save(_ favorite: RepositoryFavorite) throws(FavoritesStoreError) {
        try store.add(favorite, outbox: outbox(favorite.id, fullName: favorite.fullName, .star))
        sendIfSignedIn()
    }

    /// Signed in: the change for GitHub, stamped with the account that made it (only that
    /// account sends it), replacing one still waiting. Signed out: the change is local, and an
    /// older one still waiting for GitHub is void.
    @MainActor private func outbox(_ repositoryID: Int64, fullName: String, _ action: StarChange.Action) -> StarOutboxUpdate {
        guard credentials.token != nil else { return .dropPending }
        return .enqueue(StarChange(repositoryID: repositoryID, fullName: fullName, action: action, enqueuedAt: now(), login: sync?.login()))
    }

    @MainActor private func sendIfSignedIn() {
        guard credentials.token != nil, let sync else { return }
        Task { @MainActor in await sync.send() }
    }
}
