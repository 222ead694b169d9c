import Clocks
import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// What's New against the GitHub double over real HTTP on loopback: the double counts quota as
/// GitHub does (a 304 is free).
@MainActor
@Suite("Live: What's New")
struct LiveNewsTests {
    func checker(_ client: GitHubClient, _ database: AppDatabase) -> NewsChecker {
        // An immediate clock: the 75 ms between a Refresh's requests are not what is tested here.
        NewsChecker(api: client, database: database, settings: NewsSettings(interval: .never), clock: ImmediateClock())
    }

    func round(_ checker: NewsChecker) async -> Bool {
        let before = checker.lastRoundAt
        checker.refresh()
        return await eventually(timeout: .seconds(120)) { checker.isIdle && checker.lastRoundAt != before }
    }

    @Test func aCheckOf200UnchangedFavoritesSpendsNoQuota() async throws {
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            let database = AppDatabase.inMemory()
            for name in StarsFixture.names(200) {
                try database.save(RepositoryFavorite(StarsFixture.repository(name)))
            }
            let checker = checker(client, database)
            #expect(await round(checker))
            let used = server.quotaUsed("core", authenticated: true)
            #expect(used == 200, "the first check of each reads its releases")
            #expect(server.requestCount(.releases) == 200)

            #expect(await round(checker))
            #expect(server.requestCount(.releases) == 400, "every favorite was asked again")
            #expect(server.quotaUsed("core", authenticated: true) == used, "all 304: no quota spent")
            #expect(server.receivedRequests.suffix(200).allSatisfy { $0.headers["if-none-match"] != nil })
            checker.stop()
        }
    }

    @Test func aNewReleaseOfAWatchedRepositoryIsOneEntryAndOneNotification() async throws {
        try await withLiveDouble { server, client in
            let database = AppDatabase.inMemory()
            try database.save(RepositoryFavorite(StarsFixture.repository("groue/GRDB.swift")))
            let key = try #require(try database.newsSources().first?.key)
            try database.setNewsWatch(key, since: Date())
            let checker = checker(client, database)
            var announced: [NewsNotification] = []
            checker.onNotify = { announced += $0 }
            #expect(await round(checker))
            #expect(try database.newsEntries().isEmpty, "7.10.0 came out long before: not shown")

            try server.publishRelease(of: "groue/GRDB.swift", tag: "7.11.0", name: "GRDB.swift 7.11.0", body: "## What's Changed\n* Faster joins by @groue\n")
            #expect(await round(checker))
            let entries = try database.newsEntries()
            #expect(entries.map(\.heading) == ["groue/GRDB.swift 7.11.0"])
            #expect(entries.first?.isRead == false && entries.first?.excerpt == "What's Changed\nFaster joins by @groue")
            #expect(entries.first?.htmlURL?.absoluteString == "https://github.com/groue/GRDB.swift/releases/tag/7.11.0")
            #expect(announced.map(\.title) == ["groue/GRDB.swift 7.11.0"])
            #expect(announced.first?.body == "GRDB.swift 7.11.0\nWhat's Changed")

            // The latest release, as the repository's detail shows it, is the new one too.
            #expect(try await client.latestRelease(owner: "groue", name: "GRDB.swift")?.tag == "7.11.0")
            // A newer one later: the entry of 7.11.0 opens its own release, by its tag.
            try server.publishRelease(of: "groue/GRDB.swift", tag: "7.12.0", name: "GRDB.swift 7.12.0", body: "Smaller fixes.")
            #expect(try await client.latestRelease(owner: "groue", name: "GRDB.swift")?.tag == "7.12.0")
            let older = try await client.release(owner: "groue", name: "GRDB.swift", tag: "7.11.0")
            #expect(older?.tag == "7.11.0" && older?.name == "GRDB.swift 7.11.0")
            #expect(try await client.release(owner: "groue", name: "GRDB.swift", tag: "0.0.1") == nil, "no such tag: 404")
            checker.stop()
        }
    }

    @Test func aRepositoryAFavoritePersonCreatesIsAnEntry() async throws {
        try await withLiveDouble { server, client in
            let database = AppDatabase.inMemory()
            let octocat = try #require(FixtureDataSet.standard.user(login: "octocat"))
            try database.save(PersonFavorite(id: octocat.id, login: octocat.login))
            let checker = checker(client, database)
            var announced: [NewsNotification] = []
            checker.onNotify = { announced += $0 }
            #expect(await round(checker))
            let before = try database.newsEntries().count

            try server.createRepository(named: "news-of-the-day", of: "octocat", description: "Made for What's New")
            #expect(await round(checker))
            let entries = try database.newsEntries()
            #expect(entries.count == before + 1)
            #expect(entries.first?.fullName == "octocat/news-of-the-day" && entries.first?.title == "Made for What's New" && entries.first?.kind == .repository)
            #expect(announced.isEmpty, "no bell on octocat")
            // It is a repository like any other: its page opens.
            #expect(try await client.repository(owner: "octocat", name: "news-of-the-day").repository.fullName == "octocat/news-of-the-day")
            checker.stop()
        }
    }

    @Test func releasesAreListedNewestFirstWithAnETag() async throws {
        try await withLiveDouble { server, client in
            try server.publishRelease(of: "groue/GRDB.swift", tag: "8.0.0")
            guard case .changed(let releases, let etag) = try await client.recentReleases(owner: "groue", name: "GRDB.swift", etag: nil) else {
                Issue.record("a first request is a full answer")
                return
            }
            #expect(releases.map(\.tag) == ["8.0.0", "7.10.0"])
            let used = server.quotaUsed("core")
            guard case .unchanged = try await client.recentReleases(owner: "groue", name: "GRDB.swift", etag: etag) else {
                Issue.record("the same list again is a 304")
                return
            }
            #expect(server.quotaUsed("core") == used)
            #expect(server.receivedRequests.last?.target.contains("per_page=5") == true)
        }
    }
}
