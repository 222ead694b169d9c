import Foundation
import Testing
@testable import GitHubFinderCore

/// What's New in a real SQLite file: each entry once, nothing kept for a favorite that is gone
/// (but brought back by Undo).
@Suite("What's New: the database")
struct NewsStoreTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func database() throws -> AppDatabase {
        try AppDatabase.open(at: AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite"))
    }

    func grdb(_ database: AppDatabase) throws -> NewsSource {
        try database.save(RepositoryFavorite(id: 7, fullName: "groue/GRDB.swift", ownerLogin: "groue", name: "GRDB.swift", ownerAvatarURL: URL(string: "https://avatars.example/u/9"), addedAt: now))
        return try #require(try database.newsSources().first)
    }

    func releaseEntry(_ tag: String, daysAgo: Double = 0, source: NewsSource) -> NewsEntry {
        NewsEntry(id: NewsEntry.releaseID(repositoryID: source.id, tag: tag), kind: .release, sourceKey: source.key, repositoryID: source.id, fullName: source.name, tag: tag,
                  date: now.addingTimeInterval(-daysAgo * 86_400))
    }

    @Test func favoritesAreTheSourcesRepositoriesFirst() throws {
        let database = try database()
        try database.save(PersonFavorite.stub(id: 583231, login: "octocat"))
        let source = try grdb(database)
        #expect(source == NewsSource(kind: .repository, id: 7, name: "groue/GRDB.swift", avatarURL: URL(string: "https://avatars.example/u/9")))
        #expect(try database.newsSources().map(\.key) == ["repository:7", "person:583231"])
    }

    @Test func aCheckKeepsItsStateAndAddsEachEntryOnce() throws {
        let database = try database()
        let source = try grdb(database)
        let state = NewsSourceState(etag: "W/\"1\"", known: ["2.0", "1.0"], baselineAt: now, checkedAt: now)
        let added = try database.recordNewsCheck(of: source, state: state, entries: [releaseEntry("2.0", source: source)])
        #expect(added.map(\.id) == ["release:7:2.0"])
        #expect(try database.recordNewsCheck(of: source, state: state, entries: [releaseEntry("2.0", source: source)]).isEmpty, "seen before")
        #expect(try database.newsStates() == ["repository:7": state])
        #expect(try database.unreadNewsCount() == 1)
        try database.recordUnchangedNewsCheck(of: source, at: now.addingTimeInterval(60))
        #expect(try database.newsStates()["repository:7"]?.checkedAt == now.addingTimeInterval(60))
        #expect(try database.newsStates()["repository:7"]?.etag == "W/\"1\"")
    }

    @Test func entriesAreNewestFirstAndReadOnceOpenedOrAllMarked() throws {
        let database = try database()
        let source = try grdb(database)
        let state = NewsSourceState(etag: nil, known: [], baselineAt: now, checkedAt: now)
        try database.recordNewsCheck(of: source, state: state, entries: [releaseEntry("1.0", daysAgo: 3, source: source), releaseEntry("2.0", daysAgo: 1, source: source),
                                                                         releaseEntry("1.5", daysAgo: 2, source: source)])
        #expect(try database.newsEntries().map(\.tag) == ["2.0", "1.5", "1.0"])
        try database.markNewsRead(ids: ["release:7:1.5"])
        #expect(try database.newsEntries().filter(\.isRead).map(\.tag) == ["1.5"])
        try database.markAllNewsRead()
        #expect(try database.unreadNewsCount() == 0)
    }

    @Test func unstarringAFavoriteHidesItsNewsUndoBringsThemBackAndTheCheckersStartForgetsThem() throws {
        let database = try database()
        let source = try grdb(database)
        let state = NewsSourceState(etag: "a", known: [], baselineAt: now, checkedAt: now)
        try database.recordNewsCheck(of: source, state: state, entries: [releaseEntry("2.0", source: source)])
        try database.setNewsWatch(source.key, since: now)
        #expect(try database.newsWatches() == ["repository:7": now])

        let favorite = try #require(try database.delete(Repositories.self, id: 7))
        #expect(try database.newsEntries().isEmpty && database.unreadNewsCount() == 0, "unstarred: its entries are gone from the list")
        #expect(try database.recordNewsCheck(of: source, state: state, entries: [releaseEntry("3.0", source: source)]).isEmpty, "a check that ends after the unstar")

        // Undo: the entry and the bell are back, unread as they were.
        try database.save(favorite)
        #expect(try database.newsEntries().map(\.id) == ["release:7:2.0"] && database.unreadNewsCount() == 1)
        #expect(try database.newsWatches() == ["repository:7": now] && database.newsStates() == ["repository:7": state])

        // Unstarred for good: the checker's next start forgets it all; a favorite's news stay.
        try database.save(PersonFavorite.stub(id: 583231, login: "octocat"))
        try database.setNewsWatch("person:583231", since: now)
        _ = try database.delete(Repositories.self, id: 7)
        try database.forgetNewsOfFormerFavorites()
        try database.save(favorite)
        #expect(try database.newsEntries().isEmpty && database.newsStates().isEmpty, "starred again later: a fresh start")
        #expect(try database.newsWatches() == ["person:583231": now])
    }

    @Test func theBellKeepsWhenItWasTurnedOn() throws {
        let database = try database()
        let source = try grdb(database)
        try database.setNewsWatch(source.key, since: now)
        try database.setNewsWatch(source.key, since: now.addingTimeInterval(60))
        #expect(try database.newsWatches() == ["repository:7": now], "turned on twice: the first time stands")
        try database.setNewsWatch(source.key, since: nil)
        #expect(try database.newsWatches().isEmpty)
    }

    @Test func atMostAThousandEntriesAreKeptTheOldestGoFirst() throws {
        let database = try database()
        let source = try grdb(database)
        let state = NewsSourceState(etag: nil, known: [], baselineAt: now, checkedAt: now)
        let entries = (0..<1_005).map { releaseEntry("\($0)", daysAgo: Double(1_005 - $0), source: source) }
        try database.recordNewsCheck(of: source, state: state, entries: entries)
        let kept = try database.newsEntries(limit: 2_000)
        #expect(kept.count == AppDatabase.newsEntryLimit)
        #expect(kept.last?.tag == "5", "the five oldest went")
    }
}
