import Clocks
import Foundation
import Synchronization
import Testing
@testable import GitHubFinderCore

/// A made-up GitHub for the checker: answers from `releases`, with an ETag per answer, a 304
/// when it did not change, and records when each request came.
final class FakeNewsAPI: NewsAPI, Sendable {
    struct State {
        var releases: [String: [Release]] = [:]
        var requests: [(name: String, at: Date)] = []
        var failures: [GitHubError] = []
        /// Repositories that always fail so (deleted: `.notFound`).
        var failing: [String: GitHubError] = [:]
    }

    let rateLimits = RateLimitMonitor()
    let state = Mutex(State())
    let time: NewsTime

    init(time: NewsTime) { self.time = time }

    var requestedNames: [String] { state.withLock { $0.requests.map(\.name) } }
    var requestTimes: [Date] { state.withLock { $0.requests.map(\.at) } }

    func recentReleases(owner: String, name: String, etag: String?) async throws(GitHubError) -> Revalidated<[Release]> {
        let fullName = "\(owner)/\(name)"
        let (failure, releases) = state.withLock { state in
            state.requests.append((fullName, time.now))
            return (state.failures.isEmpty ? state.failing[fullName] : state.failures.removeFirst(), state.releases[fullName] ?? [])
        }
        if let failure { throw failure }
        let current = "\"\(releases.map(\.tag).joined(separator: ","))\""
        return etag == current ? .unchanged : .changed(releases, etag: current)
    }

    func recentRepositories(login: String, etag: String?) async throws(GitHubError) -> Revalidated<[CreatedRepository]> {
        state.withLock { $0.requests.append((login, time.now)) }
        return etag == "\"none\"" ? .unchanged : .changed([], etag: "\"none\"")
    }
}

/// A test clock and a date that move together.
final class NewsTime: Sendable {
    let clock = TestClock<Duration>()
    private let date = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    var now: Date { date.withLock { $0 } }

    @MainActor
    func advance(by seconds: TimeInterval) async {
        date.withLock { $0.addTimeInterval(seconds) }
        await clock.advance(by: .seconds(seconds))
    }
}

/// The checker's rules with made-up time: spacing, pauses, what it announces.
@MainActor
@Suite("What's New: the checker")
struct NewsCheckerTests {
    let time = NewsTime()

    func checker(repositories: Int, settings: NewsSettings = NewsSettings()) throws -> (NewsChecker, FakeNewsAPI, AppDatabase) {
        let database = AppDatabase.inMemory()
        for index in 1...repositories {
            try database.save(RepositoryFavorite(id: Int64(index), fullName: "o/r\(index)", ownerLogin: "o", name: "r\(index)", addedAt: Date(timeIntervalSince1970: Double(index))))
        }
        let api = FakeNewsAPI(time: time)
        let checker = NewsChecker(api: api, database: database, settings: settings, clock: time.clock, now: { [time] in time.now })
        return (checker, api, database)
    }

    @Test func aScheduledRoundSendsOneRequestAtATimeSpacedOverTheInterval() async throws {
        let (checker, api, _) = try checker(repositories: 3)
        checker.start()
        #expect(await eventually { api.requestedNames == ["o/r1"] })
        for expected in [["o/r1", "o/r2"], ["o/r1", "o/r2", "o/r3"]] {
            #expect(await time.clock.hasSleeper())
            await time.advance(by: 4.9)
            await settle()
            #expect(api.requestedNames.count == expected.count - 1, "not before 5 s")
            await time.advance(by: 0.1)
            #expect(await eventually { api.requestedNames == expected })
        }
        #expect(await eventually { checker.isIdle && checker.lastRoundAt != nil })
        let start = time.now
        #expect(api.requestTimes.map { start.timeIntervalSince($0) } == [10, 5, 0])

        // Nothing more until the first of them falls due again: 57 minutes after it was checked.
        #expect(await time.clock.hasSleeper())
        await time.advance(by: 3_400)
        await settle()
        #expect(api.requestedNames.count == 3)
        await time.advance(by: 10)
        #expect(await eventually { api.requestedNames.count == 4 })
        checker.stop()
    }

    @Test func refreshChecksEveryFavoriteAtOnceSeventyFiveMillisecondsApart() async throws {
        let (checker, api, _) = try checker(repositories: 3, settings: NewsSettings(interval: .never))
        checker.start()
        await settle()
        #expect(api.requestedNames.isEmpty, "Never: nothing is checked on its own")
        checker.refresh()
        #expect(await eventually { api.requestedNames == ["o/r1"] })
        #expect(await time.clock.hasSleeper())
        await time.advance(by: 0.075)
        #expect(await eventually { api.requestedNames.count == 2 })
        checker.stop()
    }

    @Test func checksWaitForTheNetworkAndForAnUnmeteredOne() async throws {
        let (checker, api, _) = try checker(repositories: 1)
        checker.network = NetworkConditions(isAvailable: false)
        checker.start()
        #expect(await eventually { checker.status == .waiting(.offline) })
        #expect(api.requestedNames.isEmpty)
        checker.network = NetworkConditions(isAvailable: true, isMetered: true)
        #expect(await eventually { checker.status == .waiting(.metered) })
        #expect(api.requestedNames.isEmpty)
        checker.settings.checksOnMeteredNetworks = true
        #expect(await eventually { api.requestedNames == ["o/r1"] })
        checker.stop()
    }

    @Test func aRateLimitPausesUntilItResetsThenTheSameFavoriteIsCheckedAgain() async throws {
        let (checker, api, database) = try checker(repositories: 2)
        let reset = time.now.addingTimeInterval(600)
        api.state.withLock { $0.failures = [.rateLimited(resetsAt: reset, resource: "core")] }
        checker.start()
        #expect(await eventually { checker.status == .waiting(.rateLimited(until: reset)) })
        #expect(api.requestedNames == ["o/r1"])
        #expect(await time.clock.hasSleeper())
        await time.advance(by: 599)
        await settle()
        #expect(api.requestedNames == ["o/r1"], "nothing before the reset")
        await time.advance(by: 2)
        #expect(await eventually { api.requestedNames == ["o/r1", "o/r1"] })
        #expect(await eventually { try! database.newsStates().count == 1 })
        checker.stop()
    }

    @Test func theUsersHalfOfTheQuotaIsLeftAlone() async throws {
        let (checker, api, _) = try checker(repositories: 1)
        let reset = time.now.addingTimeInterval(300)
        api.rateLimits.record(RateLimit(resource: "core", limit: 60, remaining: 30, used: 30, resetsAt: reset))
        checker.start()
        #expect(await eventually { checker.status == .waiting(.rateLimited(until: reset)) })
        #expect(api.requestedNames.isEmpty)
        #expect(await time.clock.hasSleeper())
        await time.advance(by: 301)
        #expect(await eventually { api.requestedNames == ["o/r1"] })
        checker.stop()
    }

    @Test func aNewReleaseOfAWatchedRepositoryIsAnnouncedOnceAndAnUnchangedOneCostsA304() async throws {
        let (checker, api, database) = try checker(repositories: 1, settings: NewsSettings(interval: .never))
        var announced: [[NewsNotification]] = []
        checker.onNotify = { announced.append($0) }
        api.state.withLock { $0.releases["o/r1"] = [Release(tag: "1.0", publishedAt: time.now.addingTimeInterval(-86_400))] }
        try database.setNewsWatch("repository:1", since: time.now)
        checker.refresh()
        #expect(await eventually { checker.isIdle && checker.lastRoundAt != nil })
        #expect(announced.isEmpty, "the first check is a baseline")
        #expect(try database.newsEntries().map(\.isRead) == [true], "yesterday's release shows, read")

        await time.advance(by: 60)
        api.state.withLock { $0.releases["o/r1"]?.insert(Release(tag: "2.0", name: "Two", publishedAt: time.now), at: 0) }
        checker.refresh()
        #expect(await eventually { announced.count == 1 })
        #expect(announced.first?.map(\.title) == ["o/r1 2.0"])
        #expect(checker.revision == 2)
        #expect(try database.unreadNewsCount() == 1)

        let before = checker.revision
        checker.refresh()
        #expect(await eventually { api.requestedNames.count == 3 && checker.isIdle })
        await settle()
        #expect(announced.count == 1 && checker.revision == before, "unchanged: nothing added, nothing announced")
        checker.stop()
    }

    @Test func aFavoriteThatCannotBeCheckedIsTriedAgainAnIntervalLaterNotInALoop() async throws {
        let (checker, api, _) = try checker(repositories: 2)
        api.state.withLock { $0.failing["o/r1"] = .notFound }
        checker.start()
        #expect(await eventually { api.requestedNames == ["o/r1"] })
        #expect(await time.clock.hasSleeper())
        await time.advance(by: 5)
        #expect(await eventually { checker.isIdle && checker.lastRoundAt != nil })
        await settle()
        #expect(api.requestedNames == ["o/r1", "o/r2"], "the deleted repository is not asked for again at once")
        #expect(await time.clock.hasSleeper())
        await time.advance(by: 3_400)
        await settle()
        #expect(api.requestedNames.count == 2, "nor within the interval")
        await time.advance(by: 20)
        // (The test's date moves before its clock: o/r2's turn, 5 s on, may come within the same step.)
        #expect(await eventually { api.requestedNames.count >= 3 && api.requestedNames[2] == "o/r1" }, "57 minutes later, once")
        await settle()
        #expect(api.requestedNames.count <= 4, "\(api.requestedNames)")
        checker.stop()
    }

    @Test func anEntryReadBeforeItsRoundEndsIsNotAnnouncedAndReadingTakesNotificationsAway() async throws {
        let (checker, api, database) = try checker(repositories: 2, settings: NewsSettings(interval: .never))
        var announced: [[NewsNotification]] = []
        var withdrawn: [String] = []
        checker.onNotify = { announced.append($0) }
        checker.onWithdraw = { withdrawn += $0 }
        try database.setNewsWatch("repository:1", since: time.now)
        checker.refresh()
        #expect(await eventually { api.requestedNames.count == 1 })
        await time.advance(by: 0.075)
        #expect(await eventually { checker.isIdle && checker.lastRoundAt != nil }, "a baseline")

        api.state.withLock { $0.releases["o/r1"] = [Release(tag: "2.0", publishedAt: time.now)] }
        checker.refresh()
        #expect(await eventually { api.requestedNames.count == 3 && (try? database.unreadNewsCount()) == 1 })
        // The list shows it before the round ends (o/r2 is still to come), and it is opened.
        checker.markRead(ids: ["release:1:2.0"])
        #expect(withdrawn == ["whats-new-release:1:2.0", "whats-new"], "none left unread: a notification grouping it goes too")
        await time.advance(by: 0.075)
        #expect(await eventually { api.requestedNames.count == 4 && checker.isIdle })
        await settle()
        #expect(announced.isEmpty, "read before the round ended: not news any more")

        api.state.withLock { $0.releases["o/r1"]?.insert(Release(tag: "3.0", publishedAt: time.now), at: 0) }
        checker.refresh()
        #expect(await eventually { api.requestedNames.count == 5 })
        await time.advance(by: 0.075)
        #expect(await eventually { announced.count == 1 })
        checker.markAllRead()
        #expect(withdrawn == ["whats-new-release:1:2.0", "whats-new", "whats-new-release:1:3.0", "whats-new"])
        #expect(try database.unreadNewsCount() == 0)
        checker.stop()
    }

    @Test func aGroupsNotificationGoesWhenTheLastOfItsEntriesIsRead() async throws {
        let (checker, api, database) = try checker(repositories: 2, settings: NewsSettings(interval: .never))
        var withdrawn: [String] = []
        checker.onWithdraw = { withdrawn += $0 }
        try database.setNewsWatch("repository:1", since: time.now)
        try database.setNewsWatch("repository:2", since: time.now)
        checker.refresh()
        #expect(await eventually { api.requestedNames.count == 1 })
        await time.advance(by: 0.075)
        #expect(await eventually { checker.isIdle && checker.lastRoundAt != nil }, "a baseline")
        var announced: [[NewsNotification]] = []
        checker.onNotify = { announced.append($0) }
        api.state.withLock {
            $0.releases["o/r1"] = [Release(tag: "2.0", publishedAt: time.now)]
            $0.releases["o/r2"] = [Release(tag: "5.0", publishedAt: time.now)]
        }
        checker.refresh()
        #expect(await eventually { api.requestedNames.count == 3 })
        await time.advance(by: 0.075)
        #expect(await eventually { announced.count == 1 })
        #expect(announced.first?.map(\.id) == ["whats-new"], "two at once: one notification")
        checker.markRead(ids: ["release:1:2.0"])
        #expect(withdrawn == ["whats-new-release:1:2.0"], "one still unread: the group stays")
        checker.markRead(ids: ["release:2:5.0"])
        #expect(withdrawn == ["whats-new-release:1:2.0", "whats-new-release:2:5.0", "whats-new"])
        checker.stop()
    }
}
