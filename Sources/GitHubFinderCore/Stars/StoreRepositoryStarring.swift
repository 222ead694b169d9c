import Foundation

/// Repository stars in the store, and on GitHub too when signed in: each star or unstar is
/// durable in the database when it returns, and, signed in, queued in the outbox in the same
/// breath and handed to `StarSync` to send. Signed out, stars stay local and nothing is queued.
public struct StoreRepositoryStarring: UndoableRepositoryStarring {
    public let store: any RepositoryFavoritesStore
    let credentials: Credentials
    /// Sends the outbox; nil: changes are queued and wait for the next `StarSync.send()`.
    let sync: StarSync?
    let now: @Sendable () -> Date

    public init(store: any RepositoryFavoritesStore, credentials: Credentials, sync: StarSync?, now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.credentials = credentials
        self.sync = sync
        self.now = now
    }

    public func observeStarredIDs() -> AsyncStream<Set<Int64>> {
        store.observeRepositoryFavoriteIDs()
    }

    @MainActor public func star(_ repository: Repository) throws {
        try save(RepositoryFavorite(repository, addedAt: now()))
    }

    @MainActor public func unstar(_ repository: Repository) throws {
        try unstarForUndo(repository)
    }

    @discardableResult
    @MainActor public func unstarForUndo(_ repository: Repository) throws(FavoritesStoreError) -> RepositoryFavorite? {
        let removed = try store.remove(repositoryID: repository.id)
        try enqueue(repository.id, fullName: removed?.fullName ?? repository.fullName, .unstar)
        return removed
    }

    @MainActor public func restore(_ favorite: RepositoryFavorite) throws(FavoritesStoreError) {
        // Already back (GitHub refused the unstar, and it was rolled back): nothing to undo;
        // starring again would only be refused in turn and remove it.
        guard try !store.repositoryFavoriteIDs().contains(favorite.id) else { return }
        try save(favorite)
    }

    @MainActor private func save(_ favorite: RepositoryFavorite) throws(FavoritesStoreError) {
        try store.add(favorite)
        try enqueue(favorite.id, fullName: favorite.fullName, .star)
    }

    /// Signed in: queued for GitHub (replacing a change still waiting for it), then sent.
    @MainActor private func enqueue(_ repositoryID: Int64, fullName: String, _ action: StarChange.Action) throws(FavoritesStoreError) {
        guard credentials.token != nil else {
            // Signed out the change is local; an older one still waiting for GitHub is void.
            for stale in try store.pendingStarChanges() where stale.repositoryID == repositoryID {
                if let id = stale.id { try store.removeStarChange(id: id) }
            }
            return
        }
        // Stamped with the account that made it: only that account sends it.
        let login = sync?.login()
        try store.enqueueStarChange(StarChange(repositoryID: repositoryID, fullName: fullName, action: action, enqueuedAt: now(), login: login))
        guard let sync else { return }
        Task { @MainActor in await sync.send() }
    }
}
