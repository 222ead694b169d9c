import Foundation
import GRDB
import Testing
@testable import GitHubFinderCore

extension RepositoryFavorite {
    static func stub(id: Int64 = 1, owner: String = "octocat", name: String = "hello-world", description: String? = nil,
                     language: String? = "Swift", stars: Int = 42) -> RepositoryFavorite {
        RepositoryFavorite(id: id, fullName: "\(owner)/\(name)", ownerLogin: owner, ownerID: 100 + id, name: name, description: description, language: language,
                           stars: stars, ownerAvatarURL: URL(string: "https://avatars.example/u/\(100 + id)?v=4"),
                           htmlURL: URL(string: "https://github.com/\(owner)/\(name)"), addedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }
}

@Suite("Favorites database: repositories")
struct RepositoryFavoritesTests {
    static func temporaryFile() -> URL {
        AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite")
    }

    @Test func aFileMadeBeforeRepositoriesKeepsItsPeopleAndGainsRepositories() throws {
        // Given a file as the previous version left it: only the v1 migration, two people starred
        let file = Self.temporaryFile()
        do {
            let queue = try DatabaseQueue(path: file.path)
            try AppDatabase.migrator.migrate(queue, upTo: "v1.favorites")
            try queue.write { db in
                try PersonFavorite.stub(id: 1, login: "octocat", name: "The Octocat").insert(db)
                try PersonFavorite.stub(id: 2, login: "alice").insert(db)
            }
            try queue.close()
        }

        // When this version opens it
        let database = try AppDatabase.open(at: file)

        // Then the people are still there, and repositories can be starred beside them
        #expect(try database.favorites(of: People.self) == [.stub(id: 2, login: "alice"), .stub(id: 1, login: "octocat", name: "The Octocat")])
        try database.save(RepositoryFavorite.stub())
        #expect(try database.favorites(of: Repositories.self) == [.stub()])
        #expect(try database.writer.read(AppDatabase.migrator.appliedMigrations) == ["v1.favorites", "v2.repositoryFavorites", "v3.starSync", "v4.repositoryImports", "v5.profileBaselines", "v6.notesAndTags", "v7.searchHistory", "v8.unstarredNotes", "v9.indexGenerations", "v10.favoriteReadmes", "v11.whatsNew"])
    }

    @Test func unstarringReturnsTheSnapshotAndUndoPutsItBack() throws {
        // Given a starred repository in a file
        let database = try AppDatabase.open(at: Self.temporaryFile())
        let favorite = RepositoryFavorite.stub(id: 7, owner: "apple", name: "swift", description: "The Swift Programming Language", language: "C++", stars: 68_000)
        try database.save(favorite)

        // When it is unstarred, then Undo saves what was removed
        let removed = try database.delete(Repositories.self, id: 7)
        #expect(removed == favorite)
        #expect(try database.favorites(of: Repositories.self).isEmpty)
        #expect(try database.delete(Repositories.self, id: 7) == nil)
        try database.save(try #require(removed))

        // Then it is back exactly as it was, the owner's avatar included
        #expect(try database.favorites(of: Repositories.self) == [favorite])
        #expect(try database.favoriteIDs(of: Repositories.self) == [7])
    }

    @Test func aRenamedRepositoryReplacesTheStaleOneWithItsName() throws {
        let database = AppDatabase.inMemory()
        try database.save(RepositoryFavorite.stub(id: 1, owner: "octocat", name: "hello"))
        // A new repository took the old name (any case) after the first was renamed away
        try database.save(RepositoryFavorite.stub(id: 2, owner: "OctoCat", name: "Hello"))
        #expect(try database.favorites(of: Repositories.self).map(\.fullName) == ["OctoCat/Hello"])
        #expect(throws: FavoritesStoreError.self) { try database.save(RepositoryFavorite.stub(id: 3, owner: "", name: "")) }
    }

    @Test func repositoriesAreListedByNameThenOwnerIgnoringCase() throws {
        let database = AppDatabase.inMemory()
        for favorite in [RepositoryFavorite.stub(id: 1, owner: "zed", name: "app"), .stub(id: 2, owner: "Bob", name: "Zoo"),
                         .stub(id: 3, owner: "amy", name: "App"), .stub(id: 4, owner: "amy", name: "apple")] {
            try database.save(favorite)
        }
        #expect(try database.favorites(of: Repositories.self).map(\.fullName) == ["amy/App", "zed/app", "amy/apple", "Bob/Zoo"])
    }

    @Test func syncingWithGitHubsStarsAddsTheMissingRemovesTheRestAndKeepsWhenEachWasAdded() throws {
        // Given two starred repositories
        let database = AppDatabase.inMemory()
        try database.save(RepositoryFavorite.stub(id: 1, name: "kept", stars: 1))
        try database.save(RepositoryFavorite.stub(id: 2, name: "gone"))

        // When GitHub says the stars are "kept" (now with more stars) and "new"
        var new = RepositoryFavorite.stub(id: 3, name: "new")
        new.addedAt = Date(timeIntervalSince1970: 1_800_000_000)
        var kept = RepositoryFavorite.stub(id: 1, name: "kept", stars: 5)
        kept.addedAt = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(try database.replaceRepositoryFavorites(with: [new, kept]))

        // Then the list is exactly those, "kept" refreshed but still added when it was first
        #expect(try database.favorites(of: Repositories.self) == [.stub(id: 1, name: "kept", stars: 5), new])
        // And the same set again changes nothing
        #expect(try database.replaceRepositoryFavorites(with: [new, kept]) == false)
        #expect(try database.replaceRepositoryFavorites(with: []))
        #expect(try database.favorites(of: Repositories.self).isEmpty)
    }

    @Test func aSnapshotIsMadeFromARepositoryAndGivesItBack() {
        let owner = User.stub(id: 9, login: "apple", type: .organization)
        let repository = Repository(id: 7, name: "swift", fullName: "apple/swift", description: "Swift", language: "C++", stars: 68_000, forks: 10_000,
                                    isFork: false, isArchived: false, pushedAt: nil, htmlURL: URL(string: "https://github.com/apple/swift"), owner: owner)
        let favorite = RepositoryFavorite(repository, addedAt: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(favorite == RepositoryFavorite(id: 7, fullName: "apple/swift", ownerLogin: "apple", ownerID: 9, name: "swift", description: "Swift",
                                               language: "C++", stars: 68_000, ownerAvatarURL: owner.avatarURL, htmlURL: repository.htmlURL,
                                               addedAt: Date(timeIntervalSince1970: 1_700_000_000)))
        let back = favorite.repository
        #expect(back.id == 7 && back.fullName == "apple/swift" && back.stars == 68_000 && back.htmlURL == repository.htmlURL)
        #expect(back.owner?.id == 9 && back.owner?.login == "apple" && back.owner?.avatarURL == owner.avatarURL)
        // A result that leaves the owner out: the login comes from the full name, no owner to open
        var ownerless = repository
        ownerless.owner = nil
        #expect(RepositoryFavorite(ownerless).ownerLogin == "apple")
        #expect(RepositoryFavorite(ownerless).repository.owner == nil)
    }

    @Test(.timeLimit(.minutes(1)))
    func starsAndTheTabFollowEachChange() async throws {
        // Given the live store over a file, observed before anything is starred
        let store = GRDBFavoritesStore<Repositories>(database: try AppDatabase.open(at: Self.temporaryFile()))
        var ids = store.observeFavoriteIDs().makeAsyncIterator()
        var tab = store.observeIndex().makeAsyncIterator()
        #expect(await ids.next() == [])
        #expect(await tab.next()?.count == 0)

        // When a repository is starred, then the stars and the tab show it
        try store.add(.stub(id: 5, owner: "octocat", name: "Spoon-Knife"))
        #expect(await Self.nextChange(of: &ids, from: []) == [5])
        #expect(await Self.nextChange(of: &tab, from: []) { $0.rows(matching: "") } == [.header("S"), .favorite(5)])

        // When it is unstarred, then both are empty again, and the store said what was removed
        #expect(try store.remove(id: 5)?.fullName == "octocat/Spoon-Knife")
        #expect(await Self.nextChange(of: &ids, from: [5]) == [])
        #expect(await Self.nextChange(of: &tab, from: [.header("S"), .favorite(5)]) { $0.rows(matching: "") } == [])
        #expect(try store.favorites().isEmpty)
    }

    /// The next value of `stream` (seen through `view`) that differs from `current`: an
    /// observation over a WAL pool may repeat the value it started with.
    static func nextChange<Value, Seen: Equatable>(of stream: inout AsyncStream<Value>.Iterator, from current: Seen,
                                                   _ view: (Value) -> Seen) async -> Seen? {
        while let value = await stream.next() {
            if view(value) != current { return view(value) }
        }
        return nil
    }

    static func nextChange<Value: Equatable>(of stream: inout AsyncStream<Value>.Iterator, from current: Value) async -> Value? {
        await nextChange(of: &stream, from: current) { $0 }
    }
}
