import Foundation

extension StarSync {
    /// 100,000 stars: more pages than that is a server that never ends its list.
    static let mostStarPages = 1_000

    /// Makes the starred repositories here GitHub's stars for the signed-in login: on sign-in and
    /// on Refresh. The outbox is sent first; then every page of `GET /user/starred` is fetched
    /// (`progress` counts them) and merged in one transaction, pending changes winning. The first
    /// sync for a login drops nothing: repositories starred only here stay, and `offer` asks
    /// whether to star them on GitHub. Later syncs remove what was unstarred on GitHub elsewhere.
    /// Does nothing signed out, or while another sync runs.
    public func synchronize() async {
        guard isSignedIn, progress == nil else { return }
        progress = StarSyncProgress()
        defer { progress = nil }
        await send()
        holdsSends = true
        await fetchAndMerge()
        holdsSends = false
        // What was starred or unstarred meanwhile goes out now.
        await send()
    }

    private func fetchAndMerge() async {
        guard let login = await signedInLogin() else { return }
        let remote: [StarredRepository]
        do throws(GitHubError) {
            remote = try await fetchStars()
        } catch {
            if case .unauthorized = error {
                isSignInRequired = true
                onSignInRequired?()
            }
            if error != .cancelled { failure = error.localizedDescription }
            if case .undecodable = error {
                // Part of the list could not be read: merging the rest would unstar the lost part.
                incompleteList = tr("Stars were not synced: GitHub's list could not be read whole, so nothing was changed")
            }
            logger.notice("stars could not be fetched; nothing was changed", metadata: ["error": "\(error)"])
            return
        }
        do {
            let date = now()
            let merge = try database.mergeStarredRepositories(remote.map { RepositoryFavorite($0.repository, addedAt: $0.starredAt ?? date) }, login: login, at: date)
            failure = nil
            offer = merge.offered.isEmpty ? nil : StarSyncOffer(login: login, repositories: merge.offered)
        } catch {
            failure = error.localizedDescription
            logger.error("stars could not be merged", metadata: ["error": "\(error)"])
        }
    }

    /// Stars the offered repositories on GitHub (they are queued, then sent): "Star on GitHub".
    public func acceptOffer(_ offer: StarSyncOffer) async {
        self.offer = nil
        // Answered after signing out, or as someone else: the next sync of that account asks again.
        guard isSignedIn, await signedInLogin()?.lowercased() == offer.login.lowercased() else { return }
        do {
            let starred = try database.favoriteIDs(of: Repositories.self)
            for favorite in offer.repositories where starred.contains(favorite.id) {
                try database.enqueueStarChange(StarChange(repositoryID: favorite.id, fullName: favorite.fullName, action: .star, enqueuedAt: now(), login: offer.login))
            }
            try database.markStarsSynchronized(login: offer.login, at: now())
        } catch {
            failure = error.localizedDescription
            logger.error("offered stars could not be queued", metadata: ["error": "\(error)"])
        }
        await send()
    }

    /// Keeps the offered repositories starred only here ("Keep Local"): later syncs leave them.
    public func declineOffer(_ offer: StarSyncOffer) {
        self.offer = nil
        do {
            try database.markStarsSynchronized(login: offer.login, keptLocal: offer.repositories.map(\.id), at: now())
        } catch {
            failure = error.localizedDescription
            logger.error("kept-local stars could not be recorded", metadata: ["error": "\(error)"])
        }
    }

    /// The account's login; an environment token's is asked of GitHub when not known yet.
    func signedInLogin() async -> String? {
        if let login = login() { return login }
        guard let token = api.credentials.token else { return nil }
        return try? await api.authenticatedUser(token: token).login
    }

    /// Every page of the signed-in user's stars, without repeats; throws rather than return
    /// part of the list (a page that failed, or had an item it could not read).
    private func fetchStars() async throws(GitHubError) -> [StarredRepository] {
        var page = try await api.starredRepositories()
        var seen = Set<Int64>()
        var fetched = Set<URL>()
        var repositories: [StarredRepository] = []
        while true {
            for starred in page.items where seen.insert(starred.repository.id).inserted { repositories.append(starred) }
            progress = StarSyncProgress(pagesFetched: (progress?.pagesFetched ?? 0) + 1, repositoriesFetched: repositories.count)
            guard let next = page.next else { return repositories }
            // A `next` link back to a page already read would never end (and an unfinished list
            // must not be merged: what it misses would be unstarred here).
            guard fetched.insert(next).inserted, fetched.count < Self.mostStarPages else {
                throw .undecodable("starred repositories: the pages do not end")
            }
            page = try await api.starredRepositories(page: next)
        }
    }
}
