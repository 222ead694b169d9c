import Foundation
import Logging
import Observation

/// "Add everyone you follow to Favorites": GitHub's list of whom the signed-in account follows,
/// 100 a page by its `Link`, each page starred in one transaction off the main thread (those
/// already favorites keep their snapshot and date). Running it again adds only who is new.
/// Cancelling keeps what was added; the outcome is told once, as a summary.
@MainActor @Observable
public final class FollowingImport {
    /// While an import runs: how far it has come. Nil otherwise.
    public private(set) var progress: FollowingImportProgress?

    @ObservationIgnored private let api: any GitHubAPI
    @ObservationIgnored private let store: any PersonFavoritesStore
    @ObservationIgnored private let account: @MainActor () async -> String?
    @ObservationIgnored private let now: @Sendable () -> Date
    /// Told the complete list when an import runs to its end (the rows' "Following" badge).
    @ObservationIgnored private let followed: FollowedPeople?
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private let logger = Logger(label: "GitHubFinder.FollowingImport")

    /// `account`: the signed-in login, once known (nil signed out).
    public init(api: any GitHubAPI, store: any PersonFavoritesStore, account: @escaping @MainActor () async -> String?, followed: FollowedPeople? = nil,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.api = api
        self.followed = followed
        self.store = store
        self.account = account
        self.now = now
    }

    public var isRunning: Bool { task != nil }

    /// Starts an import (nothing when one runs); `finished` is told how it ended, once.
    public func start(finished: @escaping @MainActor (FollowingImportOutcome) -> Void) {
        guard task == nil else { return }
        progress = FollowingImportProgress()
        task = Task { [weak self] in
            guard let self else { return }
            let outcome = await run()
            progress = nil
            task = nil
            finished(outcome)
        }
    }

    /// Stops before the next page is added; who was added stays.
    public func cancel() {
        task?.cancel()
    }

    /// Waits for the running import, if any (tests).
    public func wait() async {
        await task?.value
    }

    private func run() async -> FollowingImportOutcome {
        var counts = FollowingImportOutcome.Counts()
        guard let login = await account() else { return .failed(counts, .signInRequired) }
        // The total, for the progress bar: the account's profile (cached, revalidated).
        if let profile = try? await api.user(login: login) {
            progress = FollowingImportProgress(added: 0, seen: 0, total: profile.following)
        }
        var seen = Set<UserID>()
        var writeFailure: FavoritesStoreError?
        do throws(GitHubError) {
            try await api.forEachFollowingPage { users in
                // Cancelled while the page was on its way: it is not added.
                if Task.isCancelled { return false }
                let addedAt = now()
                let favorites = users.filter { seen.insert($0.id).inserted }.map { PersonFavorite($0, addedAt: addedAt) }
                do throws(FavoritesStoreError) {
                    let added = try await Self.addNew(favorites, to: store)
                    counts.added += added
                    counts.alreadyFavorites += favorites.count - added
                } catch {
                    writeFailure = error
                    return false
                }
                progress = FollowingImportProgress(added: counts.added, seen: seen.count, total: progress?.total)
                return !Task.isCancelled
            }
        } catch {
            if error == .cancelled || Task.isCancelled { return .cancelled(counts) }
            logger.notice("following could not be fetched", metadata: ["error": "\(error)"])
            if case .unauthorized = error { return .failed(counts, .signInRequired) }
            return .failed(counts, .reason(error.localizedDescription))
        }
        if let writeFailure {
            logger.error("following could not be added", metadata: ["error": "\(writeFailure)"])
            return .failed(counts, .reason(writeFailure.localizedDescription))
        }
        if Task.isCancelled { return .cancelled(counts) }
        // The whole list, in hand: it is whom the account follows now.
        followed?.replace(seen)
        return .finished(counts)
    }

    /// The write, away from the main thread: a page of 100 is one transaction.
    nonisolated private static func addNew(_ favorites: [PersonFavorite], to store: any PersonFavoritesStore) async throws(FavoritesStoreError) -> Int {
        try await Task.detached(priority: .userInitiated) {
            Result { () throws(FavoritesStoreError) -> Int in try store.addNew(favorites) }
        }.value.get()
    }
}
