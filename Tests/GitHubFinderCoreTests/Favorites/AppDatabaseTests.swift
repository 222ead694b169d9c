import Foundation
import GRDB
import Testing
@testable import GitHubFinderCore

@Suite("Favorites database")
struct AppDatabaseTests {
    static func temporaryFolder() -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("ghf-db-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func theFileLivesUnderXDGDataHomeOrTheHomeFallback() {
        #expect(FavoritesLocation.defaultFile(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"]).path == "/x/data/io.github.githubfinder.GitHubFinder/favorites.sqlite")
        #expect(FavoritesLocation.defaultFile(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/io.github.githubfinder.GitHubFinder/favorites.sqlite")
        #expect(FavoritesLocation.defaultFile(environment: ["XDG_DATA_HOME": "relative", "HOME": "/home/u"]).path.hasPrefix("/home/u/.local/share/"))
    }

    @Test func anEmptyFileIsMigratedToTheSchemaInWALMode() throws {
        let file = Self.temporaryFolder().appendingPathComponent("nested/favorites.sqlite")
        let database = try AppDatabase.open(at: file)
        let (hasTable, journal, migrations) = try database.writer.read { db in
            (try db.tableExists("favorite"), try String.fetchOne(db, sql: "PRAGMA journal_mode"), try AppDatabase.migrator.appliedMigrations(db))
        }
        #expect(hasTable)
        #expect(journal == "wal")
        #expect(migrations == ["v1.favorites", "v2.repositoryFavorites", "v3.starSync", "v4.repositoryImports", "v5.profileBaselines", "v6.notesAndTags", "v7.searchHistory", "v8.unstarredNotes", "v9.indexGenerations", "v10.favoriteReadmes", "v11.whatsNew"])
    }

    @Test func favoritesRoundTripSortedAndUnstarReturnsTheSnapshot() throws {
        let database = AppDatabase.inMemory()
        try database.save(PersonFavorite.stub(id: 2, login: "zed", name: "Zed"))
        try database.save(PersonFavorite.stub(id: 1, login: "Alice"))
        #expect(try database.favorites(of: People.self).map(\.login) == ["Alice", "zed"])
        #expect(try database.favoriteIDs(of: People.self) == [1, 2])
        let removed = try database.delete(People.self, id: 2)
        #expect(removed == .stub(id: 2, login: "zed", name: "Zed"))
        #expect(try database.delete(People.self, id: 2) == nil)
        try database.delete(People.self, ids: [1])
        #expect(try database.favorites(of: People.self).isEmpty)
    }

    @Test func theSchemaRejectsAnEmptyLoginAndARenamedLoginReplacesTheStaleOne() throws {
        let database = AppDatabase.inMemory()
        #expect(throws: FavoritesStoreError.self) { try database.save(PersonFavorite.stub(id: 1, login: "")) }
        try database.save(PersonFavorite.stub(id: 1, login: "octocat"))
        try database.save(PersonFavorite.stub(id: 9, login: "OctoCat"))
        #expect(try database.favorites(of: People.self).map(\.id) == [9])
    }

    @Test func aFolderThatCannotBeCreatedIsCannotOpen() throws {
        let blocker = Self.temporaryFolder().appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let error = #expect(throws: FavoritesStoreError.self) { try AppDatabase.open(at: blocker.appendingPathComponent("favorites.sqlite")) }
        guard case .cannotOpen = error else { Issue.record("got \(String(describing: error))"); return }
    }

    @Test func theWritingConnectionCommitsWithSynchronousFull() throws {
        // Given a database file opened as the app opens it (a WAL pool)
        let database = try AppDatabase.open(at: Self.temporaryFolder().appendingPathComponent("favorites.sqlite"))
        // When a favorite is written
        try database.save(PersonFavorite.stub())
        // Then the connection that wrote it syncs every commit (2 = FULL; WAL's default is 1 = NORMAL)
        let level = try database.writer.write { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
        #expect(level == 2)
        #expect(try database.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") } == 2)
    }

    /// A child process stars users one by one and prints each acknowledgement; it is killed with
    /// SIGKILL mid-stream. Every acknowledged favorite must be in the file, and the file sound.
    @Test func everyAcknowledgedWriteSurvivesKillDashNine() async throws {
        let file = Self.temporaryFolder().appendingPathComponent("favorites.sqlite")
        let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("favorites-write-probe")
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "build the probe: swift build --build-tests")
        let process = Process()
        process.executableURL = probe
        process.arguments = [file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        var acknowledged = -1
        var buffer = Data()
        let handle = output.fileHandleForReading
        while acknowledged < 300 {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            let lines = String(decoding: buffer, as: UTF8.self).split(separator: "\n")
            if let last = lines.last(where: { $0.hasPrefix("ack ") }), let n = Int(last.dropFirst(4)) { acknowledged = n }
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)
        // Anything acknowledged after the last read is also fine; nothing before it may be missing.
        let remaining = handle.readDataToEndOfFile()
        buffer.append(remaining)
        let acks = String(decoding: buffer, as: UTF8.self).split(separator: "\n").compactMap { $0.hasPrefix("ack ") ? Int($0.dropFirst(4)) : nil }
        #expect(acks.count >= 300)
        let database = try AppDatabase.open(at: file)
        let stored = try database.favoriteIDs(of: People.self)
        for ack in acks { #expect(stored.contains(UserID(ack + 1)), "favorite \(ack + 1) was acknowledged but is missing") }
        let integrity = try await database.writer.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }
        #expect(integrity == "ok")
    }
}
