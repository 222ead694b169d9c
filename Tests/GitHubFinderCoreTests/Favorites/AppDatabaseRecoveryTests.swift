import Foundation
import GRDB
import Testing
@testable import GitHubFinderCore

/// A damaged favorites file is checked read-only, moved aside byte for byte, and replaced by a
/// fresh database; only a file that cannot be used at all falls back to memory.
@Suite("Favorites database: damaged files")
struct AppDatabaseRecoveryTests {
    static let now = Date(timeIntervalSince1970: 1_795_341_600) // 2026-11-22 10:00:00 UTC

    /// A real favorites file with `count` favorites, closed and checkpointed (no -wal left).
    static func realDatabase(count: Int) throws -> URL {
        let file = AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite")
        do {
            let database = try AppDatabase.open(at: file)
            try database.writer.write { db in
                for n in 1...count { try PersonFavorite.stub(id: UserID(n), login: "user-\(n)", name: "Person Number \(n)").insert(db) }
            }
            try database.writer.writeWithoutTransaction { db in _ = try db.checkpoint(.truncate) }
        }
        return file
    }

    /// Overwrites page `page` (1-based) with a fixed garbage pattern, leaving every other byte.
    static func overwrite(page: Int, of file: URL, pageSize: Int = 4096) throws {
        var bytes = try Data(contentsOf: file)
        let start = (page - 1) * pageSize
        bytes.replaceSubrange(start..<start + pageSize, with: Data(repeating: 0xA5, count: pageSize))
        try bytes.write(to: file)
    }

    @Test func aFileWithOneDamagedInteriorPageIsMovedAsideUnchangedAndAFreshOneIsUsed() throws {
        // Given a real database of 300 favorites whose table's interior root page is garbage
        let file = try Self.realDatabase(count: 300)
        let root = try DatabaseQueue(path: file.path).read { db in
            try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'favorite'")
        }
        let page = try #require(root)
        let original = try Data(contentsOf: file)
        #expect(original[(page - 1) * 4096] == 0x05, "the table's root is an interior b-tree page")
        #expect(original.prefix(16) == Data("SQLite format 3\0".utf8), "the header is intact: SQLite opens it")
        try Self.overwrite(page: page, of: file)
        let damaged = try Data(contentsOf: file)

        // When the app opens it
        let database = try AppDatabase.open(at: file, now: Self.now)

        // Then the damaged bytes are at the moved-aside path, unchanged, and a fresh database works
        let recovery = try #require(database.recovery)
        let movedTo = file.path + ".damaged-2026-11-22T10-00-00"
        #expect(recovery == FavoritesRecovery(originalPath: file.path, movedTo: movedTo))
        #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == damaged)
        #expect(try database.favorites(of: People.self).isEmpty)
        try database.save(PersonFavorite.stub(id: 1, login: "octocat"))
        #expect(try database.favorites(of: People.self).map(\.login) == ["octocat"])
        #expect(database.path == file.path)
        #expect(recovery.message == "Your favorites database was damaged. It was moved to \(movedTo) and a new, empty one was started.")
    }

    @Test func pureGarbageAndItsJournalAreMovedAsideByteForByte() throws {
        // Given a file that is not a database at all, with a -wal beside it
        let file = AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite")
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        let journal = Data(repeating: 0x42, count: 1000)
        try garbage.write(to: file)
        try journal.write(to: URL(fileURLWithPath: file.path + "-wal"))

        // When the app opens it
        let database = try AppDatabase.open(at: file, now: Self.now)
        let movedTo = try #require(database.recovery?.movedTo)

        // Then both files are beside it, unchanged, under the damaged name
        #expect(movedTo == file.path + ".damaged-2026-11-22T10-00-00")
        #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo)) == garbage)
        #expect(try Data(contentsOf: URL(fileURLWithPath: movedTo + "-wal")) == journal)
        try database.save(PersonFavorite.stub())
        #expect(try database.favoriteIDs(of: People.self) == [1])
        #expect(database.recovery?.message.contains(movedTo) == true)
    }

    @Test func aSecondDamagedFileInTheSameSecondGetsItsOwnName() throws {
        let file = AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite")
        try Data(repeating: 1, count: 4096).write(to: file)
        _ = try AppDatabase.open(at: file, now: Self.now)
        try Data(repeating: 2, count: 4096).write(to: file)
        let second = try AppDatabase.open(at: file, now: Self.now)
        #expect(second.recovery?.movedTo == file.path + ".damaged-2026-11-22T10-00-00-2")
        #expect(try Data(contentsOf: URL(fileURLWithPath: file.path + ".damaged-2026-11-22T10-00-00")) == Data(repeating: 1, count: 4096))
    }

    @Test func aSoundFileIsNotMoved() throws {
        let file = try Self.realDatabase(count: 3)
        let database = try AppDatabase.open(at: file, now: Self.now)
        #expect(database.recovery == nil)
        #expect(try database.favorites(of: People.self).count == 3)
    }

    @Test func theLiveDependenciesUseTheFreshFileAndTellTheFavoritesTab() async throws {
        // Given a damaged file where the app keeps favorites
        let file = AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite")
        try Data(repeating: 0x42, count: 4096).write(to: file)
        // When the app starts
        let dependencies = await AppDependencies.live(configuration: GitHubConfiguration(), databaseFile: file)
        // Then favorites are saved in a fresh file, and the Favorites tab says where the old one went
        #expect(await dependencies.favoritesError == nil)
        let recovery = try #require(await dependencies.favoritesRecovery)
        try await dependencies.people.add(.stub())
        #expect(try AppDatabase.open(at: file).favoriteIDs(of: People.self) == [1])
        let viewModel = await dependencies.makePeopleFavoritesViewModel(actions: .init(showDetail: { _ in }))
        #expect(await viewModel.state.notice == recovery.message)
        #expect(await viewModel.state.notice?.contains(recovery.movedTo) == true)
    }

    @Test func aFileThatCannotBeReadFallsBackToMemoryAndSaysWhy() async throws {
        // Given a favorites path whose folder cannot be created (a file is in the way)
        let blocker = AppDatabaseTests.temporaryFolder().appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let file = blocker.appendingPathComponent("favorites.sqlite")
        // When the app starts
        let dependencies = await AppDependencies.live(configuration: GitHubConfiguration(), databaseFile: file)
        // Then favorites live in memory for the session, and the tab says so
        let error = try #require(await dependencies.favoritesError)
        guard case .cannotOpen = error else { Issue.record("got \(error)"); return }
        try await dependencies.people.add(.stub())
        #expect(try await dependencies.people.favorites().count == 1)
        let viewModel = await dependencies.makePeopleFavoritesViewModel(actions: .init(showDetail: { _ in }))
        #expect(await viewModel.state.notice == error.sessionOnlyMessage)
        #expect(try Data(contentsOf: blocker) == Data("x".utf8))
    }
}
