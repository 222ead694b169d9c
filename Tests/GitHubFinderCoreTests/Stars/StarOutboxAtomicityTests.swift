import Foundation
import GRDB
import Testing
@testable import GitHubFinderCore

/// A star and its outbox entry are one transaction: there is never a local star GitHub will not
/// hear of (the next sync would remove it as "unstarred elsewhere"), whatever moment the process
/// dies at.
@MainActor
@Suite("Stars: a star and its outbox entry are one transaction")
struct StarOutboxAtomicityTests {
    static let repository = Repository(id: 7, name: "linux", fullName: "torvalds/linux", description: nil, language: nil, stars: 0, forks: 0,
                                       isFork: false, isArchived: false, pushedAt: nil, htmlURL: nil)

    /// Makes every outbox write fail, as a full disk would in the middle of the star.
    static func breakOutbox(_ database: AppDatabase) throws {
        try database.writer.write { db in
            try db.execute(sql: "CREATE TRIGGER outbox_full BEFORE INSERT ON star_outbox BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END")
        }
    }

    @Test func aStarWhoseOutboxEntryCannotBeWrittenIsNotKeptEither() throws {
        // Given signed in, with an outbox that cannot be written
        let database = try AppDatabase.open(at: StarsFixture.temporaryFile)
        let starring = StoreRepositoryStarring(store: GRDBFavoritesStore<Repositories>(database: database), credentials: Credentials(token: "ghp_test"), sync: nil)
        try Self.breakOutbox(database)

        // When the repository is starred
        #expect(throws: FavoritesStoreError.self) { try starring.star(Self.repository) }

        // Then the star was not kept without its entry: both or neither
        #expect(try database.favoriteIDs(of: Repositories.self).isEmpty)
        #expect(try database.pendingStarChanges().isEmpty)
    }

    @Test func anUnstarWhoseOutboxEntryCannotBeWrittenKeepsTheStar() throws {
        let database = try AppDatabase.open(at: StarsFixture.temporaryFile)
        let starring = StoreRepositoryStarring(store: GRDBFavoritesStore<Repositories>(database: database), credentials: Credentials(token: "ghp_test"), sync: nil)
        try starring.star(Self.repository)
        try Self.breakOutbox(database)

        #expect(throws: FavoritesStoreError.self) { try starring.unstar(Self.repository) }

        #expect(try database.favoriteIDs(of: Repositories.self) == [7])
        #expect(try database.pendingStarChanges().map(\.action) == [.star])
    }

    /// A child process stars and unstars 20 repositories in turn, signed in and offline, printing
    /// each acknowledgement; it is killed with SIGKILL at random points, twelve times, and started
    /// again on the same file. After each kill every repository is in a state a sync can trust.
    /// The kill comes a random fraction of a change after an acknowledgement (read as it comes),
    /// so it lands anywhere inside a change, not always at its start.
    @Test func killedAtRandomPointsOfABurstEveryStarHasItsOutboxEntry() async throws {
        let file = StarsFixture.temporaryFile
        let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("favorites-write-probe")
        try #require(FileManager.default.isExecutableFile(atPath: probe.path), "build the probe: swift build --build-tests")
        var generator = SystemRandomNumberGenerator()
        for round in 1...12 {
            let acks = try await Self.runProbe(probe, file: file, killAfter: Int.random(in: 20...400, using: &generator))
            let database = try AppDatabase.open(at: file)
            let starred = try database.favoriteIDs(of: Repositories.self)
            let pending = Dictionary(try database.pendingStarChanges().map { ($0.repositoryID, $0.action) }, uniquingKeysWith: { _, newer in newer })
            for id in Int64(1)...20 {
                switch (starred.contains(id), pending[id]) {
                case (true, .star?), (false, .unstar?), (false, nil): break
                case (let isStarred, let action):
                    Issue.record("round \(round): repository \(id) starred \(isStarred) with outbox \(String(describing: action))")
                }
            }
            // Each acknowledged change is there, except that the change in flight when the
            // process died (on the next repository in turn) may have landed too.
            var last: [Int64: Bool] = [:]
            for ack in acks { last[ack.id] = ack.starred }
            let inFlight = acks.last.map { $0.id % 20 + 1 }
            for (id, isStarred) in last where id != inFlight {
                #expect(starred.contains(id) == isStarred, "round \(round): repository \(id) was acknowledged \(isStarred ? "starred" : "unstarred")")
            }
            let integrity = try await database.writer.read { try String.fetchOne($0, sql: "PRAGMA integrity_check") }
            #expect(integrity == "ok")
        }
    }

    private struct Ack {
        var id: Int64
        var starred: Bool
    }

    /// Runs the probe on `file` until it has acknowledged `killAfter` changes, kills it with
    /// SIGKILL, and returns every acknowledgement it printed.
    private static func runProbe(_ probe: URL, file: URL, killAfter: Int) async throws -> [Ack] {
        let process = Process()
        process.executableURL = probe
        process.arguments = ["--stars", file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let handle = output.fileHandleForReading
        var buffer = Data()
        var count = 0
        while count < killAfter {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            buffer.append(chunk)
            count += chunk.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }
        usleep(UInt32.random(in: 0...3_000))
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the probe was killed, not finished or failed")
        buffer.append(handle.readDataToEndOfFile())
        return String(decoding: buffer, as: UTF8.self).split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ")
            guard parts.count == 3, parts[0] == "ack", let id = Int64(parts[2]) else { return nil }
            return Ack(id: id, starred: parts[1] == "star")
        }
    }
}
