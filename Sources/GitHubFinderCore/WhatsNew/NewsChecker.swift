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

    /// Returns when the loop has nothing to do until its next round: for tests and the bench.
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
        var next: Round? = settings.interval == .never ? nil : .start
        while !Task.isCancelled {
            if refreshRequested {
                refreshRequested = false
                next = .refresh
            }
            if let round = next { await self.round(round) }
            guard !Task.isCancelled else { return }
            if refreshRequested { continue }
            let (sources, states) = (try? await favorites()) ?? ([], [:])
            await sleep(until: NewsSchedule.nextRound(sources, checkedAt: states.mapValues(\.checkedAt), interval: settings.interval.seconds, now: now()))
            next = .scheduled
        }
    }

    private func round(_ round: Round) async {
        defer { status = .idle }
        let sources: [NewsSource]
        let states: [String: NewsSourceState]
        do {
            (sources, states) = try await favorites()
        } catch {
            logger.error("the favorites could not be read for What's New", metadata: ["error": "\(error)"])
            return
        }
        let interval = settings.interval.seconds
        let due = NewsSchedule.due(sources, checkedAt: states.mapValues(\.checkedAt), interval: interval, now: now(), refresh: round != .scheduled)
        guard !due.isEmpty else { return }
        let spacing = NewsSchedule.spacing(count: due.count, interval: interval, refresh: round == .refresh)
        var found: [NewsEntry] = []
        var index = 0
        while index < due.count, !Task.isCancelled {
            guard await waitUntilAllowed() else { return }
            status = .checking(done: index, total: due.count)
            let started = now()
            let source = due[index]
            do throws(GitHubError) {
                found += try await check(source, previous: states[source.key])
                index += 1
            } catch {
                switch error {
                case .rateLimited, .secondaryRateLimited:
                    // The same favorite again once the quota allows.
                    await pauseAfter(error)
                case .offline:
                    // GNetworkMonitor may not know yet: wait for it, or a while.
                    await sleep(until: now().addingTimeInterval(60))
                case .cancelled:
                    return
                default:
                    // A repository deleted or renamed, a page GitHub could not make: the others
                    // are checked; this one is tried again next round.
                    logger.notice("a favorite could not be checked for news", metadata: ["favorite": "\(source.name)", "error": "\(error)"])
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
        announce(found)
    }

    /// The favorites and what their last checks left, read off the main thread: 100,000
    /// favorites take a while.
    private func favorites() async throws -> ([NewsSource], [String: NewsSourceState]) {
        let database = database
        return try await Task.detached(priority: .utility) { (try database.newsSources(), try database.newsStates()) }.value
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
                try? database.recordUnchangedNewsCheck(of: source, at: time)
                return []
            case .changed(let releases, let etag):
                outcome = NewsDetection.releases(releases, of: source, etag: etag, previous: previous, now: time)
            }
        case .person:
            switch try await api.recentRepositories(login: source.name, etag: previous?.etag) {
            case .unchanged:
                try? database.recordUnchangedNewsCheck(of: source, at: time)
                return []
            case .changed(let repositories, let etag):
                outcome = NewsDetection.repositories(repositories, of: source, etag: etag, previous: previous, now: time)
            }
        }
        do {
            return try database.recordNewsCheck(of: source, state: outcome.state, entries: outcome.entries)
        } catch {
            logger.error("news could not be kept", metadata: ["error": "\(error)"])
            return []
        }
    }

    private func announce(_ found: [NewsEntry]) {
        guard !found.isEmpty else { return }
        revision += 1
        let watches = (try? database.newsWatches()) ?? [:]
        let announced = found.filter { settings.announces($0, watches: watches) }
        let notifications = NewsNotification.make(for: announced)
        if !notifications.isEmpty { onNotify?(notifications) }
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
