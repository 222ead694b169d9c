import Foundation
import Logging
import Observation

/// Keeps repository stars in step with GitHub while signed in. `send()` drains the outbox of star
/// changes, oldest first; `synchronize()` fetches GitHub's stars and merges them into the store
/// (`StarSync+Synchronize.swift`). The outbox is in the database, so nothing waiting is lost when
/// the network is down or the app quits; a change GitHub refuses is rolled back and reported in
/// `problems`. Signed out, nothing is sent.
@MainActor @Observable
public final class StarSync {
    /// Refusals not yet shown, oldest first: the UI shows each (a toast) and calls `dismiss`.
    public private(set) var problems: [StarSyncProblem] = []
    /// While a sync fetches GitHub's stars: how far it is. Nil otherwise.
    public internal(set) var progress: StarSyncProgress?
    /// Set after a first sync found repositories starred only here: the question to ask.
    public internal(set) var offer: StarSyncOffer?
    /// Why the last sync did not finish (offline, say); nil after one that did.
    public internal(set) var failure: String?
    /// Set when a sync stopped because GitHub's list could not be read whole (and so changed
    /// nothing): the message to show once; the UI calls `dismissIncompleteList()`.
    public internal(set) var incompleteList: String?
    /// Changes wait because GitHub could not be reached; they are sent again after a pause.
    public private(set) var isWaitingToRetry = false
    /// GitHub answered 401: changes wait until the user signs in again.
    public internal(set) var isSignInRequired = false

    @ObservationIgnored let api: any GitHubAPI
    @ObservationIgnored let database: AppDatabase
    @ObservationIgnored private let clock: any Clock<Duration>
    @ObservationIgnored let now: @Sendable () -> Date
    /// The signed-in login, when known (the account's, from the authenticator).
    @ObservationIgnored let login: @MainActor () -> String?
    @ObservationIgnored let logger = Logger(label: "GitHubFinder.StarSync")
    @ObservationIgnored private var sending: Task<Void, Never>?
    @ObservationIgnored private var retry: Task<Void, Never>?
    @ObservationIgnored private var retryDelay: Duration?
    @ObservationIgnored private var problemCount = 0
    /// While a sync fetches GitHub's stars, changes wait in the outbox (pending, they win the
    /// merge); sent meanwhile, the merge would undo them with pages fetched before.
    @ObservationIgnored var holdsSends = false
    /// Told when GitHub answers 401 to a change: the token was revoked or has expired.
    @ObservationIgnored public var onSignInRequired: (@MainActor () -> Void)?

    /// The first pause after GitHub could not be reached; it doubles up to `longestRetryDelay`.
    static let firstRetryDelay: Duration = .seconds(5)
    static let longestRetryDelay: Duration = .seconds(300)

    public init(api: any GitHubAPI, database: AppDatabase, clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = Date.init,
                login: @escaping @MainActor () -> String?) {
        self.api = api
        self.database = database
        self.clock = clock
        self.now = now
        self.login = login
    }

    var isSignedIn: Bool { api.credentials.token != nil }

    /// Sends the outbox, oldest change first, and returns when it is empty or sending has to
    /// wait (offline, GitHub's rate limit, a 5xx: a retry is scheduled; a 401: until sign-in).
    /// Called at start, when the network comes back, after each star and on Refresh. A call
    /// while sending waits for that drain, which picks up what was queued meanwhile.
    public func send() async {
        guard isSignedIn, !holdsSends else { return }
        if let sending {
            await sending.value
            return
        }
        retry?.cancel()
        retry = nil
        let task = Task { await self.drain() }
        sending = task
        await task.value
    }

    /// Takes the shown incomplete-list message away.
    public func dismissIncompleteList() {
        incompleteList = nil
    }

    /// Takes a shown problem off `problems`.
    public func dismiss(_ problem: StarSyncProblem) {
        problems.removeAll { $0.id == problem.id }
    }

    private func drain() async {
        defer { sending = nil }
        isWaitingToRetry = false
        let account = await signedInLogin()
        while isSignedIn, !holdsSends, !Task.isCancelled {
            let change: StarChange
            do {
                // Only this account's changes: another's wait for it to sign in again.
                guard let next = try database.pendingStarChanges().first(where: { $0.belongs(to: account) }) else { break }
                change = next
            } catch {
                logger.error("the star outbox could not be read", metadata: ["error": "\(error)"])
                return
            }
            let (owner, name) = Self.ownerAndName(change.fullName)
            do throws(GitHubError) {
                switch change.action {
                case .star: try await api.starRepository(owner: owner, name: name)
                case .unstar: try await api.unstarRepository(owner: owner, name: name)
                }
                retryDelay = nil
                isSignInRequired = false
                takeOff(change)
            } catch {
                switch Self.disposition(of: error) {
                case .refused:
                    takeOff(change)
                    await rollBack(change)
                    problemCount += 1
                    problems.append(StarSyncProblem(id: problemCount, change: change, error: error))
                case .retryLater:
                    logger.notice("star changes wait for GitHub", metadata: ["error": "\(error)"])
                    scheduleRetry(after: error)
                    return
                case .signInRequired:
                    isSignInRequired = true
                    onSignInRequired?()
                    return
                case .stop:
                    return
                }
            }
        }
    }

    private func takeOff(_ change: StarChange) {
        guard let id = change.id else { return }
        do { try database.deleteStarChange(id: id) } catch {
            logger.error("a sent star change could not be taken off the outbox", metadata: ["error": "\(error)"])
        }
    }

    /// Undoes here what GitHub refused, unless a newer change for the repository is waiting
    /// (the user changed their mind since: that one decides).
    private func rollBack(_ change: StarChange) async {
        do {
            guard try !database.pendingStarChanges().contains(where: { $0.repositoryID == change.repositoryID }) else { return }
            switch change.action {
            case .star:
                try database.delete(Repositories.self, id: change.repositoryID)
            case .unstar:
                try database.save(await snapshot(for: change))
            }
        } catch {
            logger.error("a refused star change could not be rolled back", metadata: ["error": "\(error)"])
        }
    }

    /// What to put back for a refused unstar: the repository as GitHub has it now, or failing
    /// that what the change names.
    private func snapshot(for change: StarChange) async -> RepositoryFavorite {
        let (owner, name) = Self.ownerAndName(change.fullName)
        if let details = try? await api.repository(owner: owner, name: name), details.repository.id == change.repositoryID {
            return RepositoryFavorite(details.repository, addedAt: now())
        }
        return RepositoryFavorite(id: change.repositoryID, fullName: change.fullName, ownerLogin: owner, name: name, addedAt: now())
    }

    private func scheduleRetry(after error: GitHubError) {
        let delay: Duration
        switch error {
        case .rateLimited(let resetsAt, _):
            delay = .seconds(min(max(resetsAt.timeIntervalSince(now()), 1), 3600))
        case .secondaryRateLimited(let seconds):
            // Never at once: a "Retry-After: 0" would make a loop of requests.
            delay = .seconds(max(seconds ?? 60, 5))
        default:
            delay = retryDelay.map { min($0 * 2, Self.longestRetryDelay) } ?? Self.firstRetryDelay
            retryDelay = delay
        }
        isWaitingToRetry = true
        retry?.cancel()
        retry = Task { [weak self, clock] in
            do { try await clock.sleep(for: delay) } catch { return }
            // Cleared first: `send` cancels a pending retry, which must not be this task.
            self?.retry = nil
            await self?.send()
        }
    }

    enum Disposition {
        /// GitHub will not make the change: roll back and tell.
        case refused
        /// It could not be asked, or asks to wait: keep the change and try again later.
        case retryLater
        /// The token was refused (401): keep the change until the user signs in again.
        case signInRequired
        /// Cancelled: keep the change.
        case stop
    }

    /// 401 is "signed out", not a refusal; 403, 404, 422 and other 4xx are refusals.
    nonisolated static func disposition(of error: GitHubError) -> Disposition {
        switch error {
        case .refused, .forbidden, .notFound, .validationFailed: .refused
        // A change answered with a redirect will not go through later either; waiting on it
        // would hold up every change behind it.
        case .tooManyRedirects, .unusableRedirect: .refused
        case .unexpectedStatus(let status, _) where (300..<400).contains(status): .refused
        case .unexpectedStatus(let status, _) where (400..<500).contains(status) && status != 408 && status != 429: .refused
        case .unauthorized: .signInRequired
        case .cancelled: .stop
        case .offline, .rateLimited, .secondaryRateLimited, .serverError, .unexpectedStatus, .undecodable: .retryLater
        }
    }

    /// "owner/name" split at its first slash.
    nonisolated static func ownerAndName(_ fullName: String) -> (owner: String, name: String) {
        let owner = fullName.prefix { $0 != "/" }
        return (String(owner), String(fullName.dropFirst(owner.count + 1)))
    }
}
