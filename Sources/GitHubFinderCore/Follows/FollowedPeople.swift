import Foundation
import Logging
import Observation

/// Whom the signed-in account follows on this server, for the "Following" badge on people's
/// rows (search results, Favorites, Followers). Brought in from GitHub when an account signs in
/// and on Refresh (every page of `/user/following`, conditional requests), replaced whole by a
/// complete list (an import's too), and changed one person at a time by what a detail pane
/// learns (its check, its Follow / Unfollow). Kept in memory: signed out or offline at start,
/// no badge is shown rather than a stale one.
@MainActor @Observable
public final class FollowedPeople {
    /// The ids of the people followed (empty until known).
    public private(set) var ids: Set<UserID> = []

    @ObservationIgnored private let api: any GitHubAPI
    @ObservationIgnored private let account: @MainActor () async -> String?
    @ObservationIgnored private var syncing: Task<Void, Never>?
    @ObservationIgnored private let logger = Logger(label: "GitHubFinder.FollowedPeople")

    public init(api: any GitHubAPI, account: @escaping @MainActor () async -> String?) {
        self.api = api
        self.account = account
    }

    public func contains(_ id: UserID) -> Bool { ids.contains(id) }

    /// Fetches the whole list for the signed-in account and shows it; a failure keeps what was
    /// known. Signed out, forgets it. A call while one runs waits for it.
    public func synchronize() async {
        if let syncing { return await syncing.value }
        let task = Task { await self.fetchAll() }
        syncing = task
        await task.value
        syncing = nil
    }

    private func fetchAll() async {
        guard await account() != nil else {
            replace([])
            return
        }
        var found = Set<UserID>()
        do throws(GitHubError) {
            try await api.forEachFollowingPage { page in
                found.formUnion(page.map(\.id))
                return true
            }
            replace(found)
        } catch {
            logger.notice("whom you follow could not be fetched", metadata: ["error": "\(error)"])
        }
    }

    /// GitHub's complete list (an import that ran to its end, say).
    func replace(_ ids: Set<UserID>) {
        if self.ids != ids { self.ids = ids }
    }

    /// What a detail pane learnt from GitHub about one person (its check, a change it sent).
    public func set(_ id: UserID, followed: Bool) {
        guard ids.contains(id) != followed else { return }
        if followed { ids.insert(id) } else { ids.remove(id) }
    }
}

extension GitHubAPI {
    /// Every page of whom the signed-in account follows, 100 a page by its `Link`, in order,
    /// until `body` says stop (returns false).
    func forEachFollowingPage(_ body: @MainActor ([User]) async -> Bool) async throws(GitHubError) {
        var next: URL?
        repeat {
            let page: Page<User>
            if let next { page = try await users(page: next) } else { page = try await network(.following) }
            guard await body(page.items) else { return }
            next = page.next
        } while next != nil
    }
}
