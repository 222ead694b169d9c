import Foundation
import Logging
import Observation

/// Looks for news of the favorites: at start, on Refresh and on the schedule of
/// `NewsSettings.interval` (`NewsSchedule` says when and how fast), one request at a time,
/// conditional on the last answer's ETag, so a check where nothing changed costs no quota.
/// What it finds goes into the database (`AppDatabase+News.swift`); what is announced goes to
/// `onNotify`, the entries of one round in one call.
@MainActor @Observable
public final class NewsChecker {
    /// What the checker is doing, for the line under What's New's list.
    public enum Status: Hashable, Sendable {
        case idle
        /// Checking the `done`th favorite of `total`.
        case checking(done: Int, total: Int)
        case waiting(NewsSchedule.Pause)
    }

    public private(set) var status: Status = .idle
    /// When the last round ended.
    public private(set) var lastRoundAt: Date?
    /// Counts rounds that added entries: What's New reloads when it changes.
    public private(set) var revision = 0
    /// Rounds that checked every favorite they had to (for tests and `make bench`).
    @ObservationIgnored public private(set) var roundsCompleted = 0

    /// Changing them takes effect at once (a shorter interval may start a round).
    public var settings: NewsSettings {
        didSet { if settings != oldValue { wake() } }
    }

    /// Set by the GTK layer from `GNetworkMonitor`; waiting checks go on when it allows.
    public var network = NetworkConditions() {
        didSet { if network != oldValue { wake() } }
    }

    /// Told about what a round found that is announced.
    @ObservationIgnored public var onNotify: (@MainActor ([NewsNotification]) -> Void)?
    /// Told the ids of notifications that are no longer news: their entries were read.
    @ObservationIgnored public var onWithdraw: (@MainActor ([String]) -> Void)?

    @ObservationIgnored let api: any NewsAPI
    @ObservationIgnored let database: AppDatabase
    @ObservationIgnored let clock: any Clock<Duration>
    @ObservationIgnored let now: @Sendable () -> Date
    @ObservationIgnored let logger = Logger(label: "GitHubFinder.NewsChecker")
    @ObservationIgnored private var loop: Task<Void, Never>?
    @ObservationIgnored private var nap: Task<Void, Never>?
    /// A `wake()` that came while no nap was under way: the next one is skipped.
    @ObservationIgnored private var wokenEarly = false
    @ObservationIgnored private var refreshRequested = false
    /// Favorites whose last check failed for a reason of their own (deleted, renamed, a page
    /// GitHub could not make), and when: they count as checked then, so one that always fails is
    /// tried once an interval, not at once again in a loop.
    @ObservationIgnored private var failedAt: [String: Date] = [:]

    public init(api: any NewsAPI, database: AppDatabase, settings: NewsSettings, clock: any Clock<Duration> = ContinuousClock(),
                now: @escaping @Sendable () -> Date = Date.init) {
        self.api = api
        self.database = database
        self.settings = settings
        self.clock = clock
        self.now = now
    }

    /// Starts checking: a round of what is due now, then on the schedule.
    public func start() {
        guard loop == nil else { return }
        loop = Task { [weak self] in await self?.run() }
    }

    /// Stops checking: the round under way ends after its request (the app quits, the server
    /// is switched, the background service becomes the app).
    public func stop() {
        loop?.cancel()
        loop = nil
        wake()
    }

    /// Checks every favorite now (after the round under way, if any).
    public func refresh() {
        refreshRequested = true
        start()
        wake()
    }

    /// Whether the loop has nothing to do until its next round: for tests and the bench.
    public var isIdle: Bool { status == .idle && !refreshRequested }

    /// Why a round runs: it decides which favorites it checks and how fast.
    enum Round {
        /// The first after `start()`: every favorite, at the schedule's pace.
        case start
        /// The schedule's: those not checked within the interval.
        case scheduled
        /// Refresh: every favorite, one after the other.
        case refresh
    }

    private func run() async {
        try? await withDatabase { try $0.forgetNewsOfFormerFavorites() }
        var next: Round? = settings.interval == .never ? nil : .start
        while !Task.isCancelled {
            if refreshRequested {
                refreshRequested = false
                next = .refresh
            }
            if let round = next { await self.round(round) }
            guard !Task.isCancelled else { return }
            if refreshRequested { continue }
            await sleep(until: (try? await plan(for: nil).next) ?? nil)
            next = .scheduled
        }
    }

    private func round(_ round: Round) async {
        defer { status = .idle }
        let due: [NewsSource]
        let states: [String: NewsSourceState]
        do {
            (due, states, _) = try await plan(for: round)
        } catch {
            logger.error("the favorites could not be read for What's New", metadata: ["error": "\(error)"])
            return
        }
        guard !due.isEmpty else { return }
        let spacing = NewsSchedule.spacing(count: due.count, interval: settings.interval.seconds, refresh: round == .refresh)
        var found: [NewsEntry] = []
        var index = 0
        while index < due.count, !Task.isCancelled {
            guard await waitUntilAllowed() else { return }
            status = .checking(done: index, total: due.count)
            let started = now()
            let source = due[index]
            do throws(GitHubError) {
                found += try await check(source, previous: states[source.key])
                failedAt[source.key] = nil
                index += 1
            } catch {
                switch error {
                case .rateLimited, .secondaryRateLimited:
                    // The same favorite again once the quota allows.
                    await pauseAfter(error)
                case .offline:
                    // GNetworkMonitor may not know yet: wait for it, or a while.
                    status = .waiting(.offline)
                    await sleep(until: now().addingTimeInterval(60))
                case .cancelled:
                    return
                default:
                    // A repository deleted or renamed, a page GitHub could not make: the others
                    // are checked; this one is tried again next round.
                    logger.notice("a favorite could not be checked for news", metadata: ["favorite": "\(source.name)", "error": "\(error)"])
                    failedAt[source.key] = started
                    index += 1
                }
            }
            let remaining = spacing - now().timeIntervalSince(started)
            if index < due.count, remaining > 0 {
                try? await clock.sleep(for: .seconds(remaining))
            }
        }
        guard !Task.isCancelled else { return }
        lastRoundAt = now()
        roundsCompleted += 1
        await announce(found)
    }

    /// What `round` (nil: none) checks, what the favorites' last checks left, and when the next
    /// scheduled round starts: read and sorted off the main thread (100,000 favorites take a while).
    private func plan(for round: Round?) async throws -> (due: [NewsSource], states: [String: NewsSourceState], next: Date?) {
        let (database, failedAt, interval, time) = (database, failedAt, settings.interval.seconds, now())
        return try await Task.detached(priority: .utility) {
            let sources = try database.newsSources(), states = try database.newsStates()
            let checkedAt = states.mapValues(\.checkedAt).merging(failedAt, uniquingKeysWith: max)
            let due = round.map { NewsSchedule.due(sources, checkedAt: checkedAt, interval: interval, now: time, refresh: $0 != .scheduled) } ?? []
            return (due, states, NewsSchedule.nextRound(sources, checkedAt: checkedAt, interval: interval, now: time))
        }.value
    }

    /// Runs work on the database off the main thread (a write is a transaction synced to disk).
    private func withDatabase<T: Sendable>(_ work: @escaping @Sendable (AppDatabase) throws -> T) async throws -> T {
        let database = database
        return try await Task.detached(priority: .utility) { try work(database) }.value
    }

    /// Checks one favorite; returns the entries it added.
    func check(_ source: NewsSource, previous: NewsSourceState?) async throws(GitHubError) -> [NewsEntry] {
        let time = now()
        let outcome: (entries: [NewsEntry], state: NewsSourceState)
        switch source.kind {
        case .repository:
            let (owner, name) = StarSync.ownerAndName(source.name)
            switch try await api.recentReleases(owner: owner, name: name, etag: previous?.etag) {
            case .unchanged:
                try? await withDatabase { try $0.recordUnchangedNewsCheck(of: source, at: time) }
                return []
            case .changed(let releases, let etag):
                outcome = NewsDetection.releases(releases, of: source, etag: etag, previous: previous, now: time)
            }
        case .person:
            switch try await api.recentRepositories(login: source.name, etag: previous?.etag) {
            case .unchanged:
                try? await withDatabase { try $0.recordUnchangedNewsCheck(of: source, at: time) }
                return []
            case .changed(let repositories, let etag):
                outcome = NewsDetection.repositories(repositories, of: source, etag: etag, previous: previous, now: time)
            }
        }
        do {
            let (state, entries) = (outcome.state, outcome.entries)
            return try await withDatabase { try $0.recordNewsCheck(of: source, state: state, entries: entries) }
        } catch {
            logger.error("news could not be kept", metadata: ["error": "\(error)"])
            return []
        }
    }

    /// Announces what a round found and is still unread: a round of many favorites takes an
    /// hour, and an entry shown and opened meanwhile is not news any more.
    private func announce(_ found: [NewsEntry]) async {
        guard !found.isEmpty else { return }
        revision += 1
        let ids = found.map(\.id)
        guard let (watches, unread) = try? await withDatabase({ database in (try database.newsWatches(), try database.unreadNewsIDs(among: ids)) }),
              !Task.isCancelled else { return }  // stopped meanwhile (a server switched to): not this server's news any more
        let announced = found.filter { unread.contains($0.id) && settings.announces($0, watches: watches) }
        let notifications = NewsNotification.make(for: announced)
        if !notifications.isEmpty { onNotify?(notifications) }
    }

    /// Marks entries read (opened in What's New or from a notification); their notifications go,
    /// and the one that grouped several once none is left unread.
    public func markRead(ids: [String]) {
        try? database.markNewsRead(ids: ids)
        let noneUnread = (try? database.unreadNewsCount()) == 0
        onWithdraw?(ids.map(NewsNotification.id(ofEntry:)) + (noneUnread ? [NewsNotification.groupID] : []))
    }

    /// Marks every entry read; every notification of What's New goes.
    public func markAllRead() {
        let ids = (try? database.unreadNewsIDs(among: nil)) ?? []
        try? database.markAllNewsRead()
        onWithdraw?(ids.map(NewsNotification.id(ofEntry:)) + [NewsNotification.groupID])
    }

    /// Waits while a `NewsSchedule.Pause` holds; false when stopped meanwhile.
    private func waitUntilAllowed() async -> Bool {
        while !Task.isCancelled {
            guard let pause = NewsSchedule.pause(network: network, allowsMetered: settings.checksOnMeteredNetworks, core: api.rateLimits.bucket("core"), now: now()) else {
                return true
            }
            status = .waiting(pause)
            switch pause {
            case .offline, .metered: await sleep(until: nil)
            case .rateLimited(let until): await sleep(until: until.addingTimeInterval(1))
            }
        }
        return false
    }

    private func pauseAfter(_ error: GitHubError) async {
        switch error {
        case .rateLimited(let resetsAt, _):
            status = .waiting(.rateLimited(until: resetsAt))
            await sleep(until: max(resetsAt, now()).addingTimeInterval(1))
        case .secondaryRateLimited(let seconds):
            let until = now().addingTimeInterval(TimeInterval(max(seconds ?? 60, 60)))
            status = .waiting(.rateLimited(until: until))
            await sleep(until: until)
        default:
            break
        }
    }

    /// Sleeps until `date` (nil: until woken), or until `wake()` (one that came since the last
    /// nap, while the loop was busy, counts).
    private func sleep(until date: Date?) async {
        if wokenEarly {
            wokenEarly = false
            return
        }
        let seconds = date.map { $0.timeIntervalSince(now()) }
        if let seconds, seconds <= 0 { return }
        let clock = clock
        // Woken only by `wake()` when there is no date; a day at most, so nothing waits forever.
        let task = Task<Void, Never> { try? await clock.sleep(for: .seconds(seconds ?? 86_400)) }
        nap = task
        await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        nap = nil
    }

    private func wake() {
        if let nap { nap.cancel() } else { wokenEarly = true }
    }
}
