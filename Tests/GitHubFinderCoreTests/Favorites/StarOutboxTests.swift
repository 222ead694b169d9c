import Foundation
import GRDB
import Testing
@testable import GitHubFinderCore

@Suite("Favorites database: star outbox")
struct StarOutboxTests {
    static func change(_ repositoryID: Int64, _ action: StarChange.Action) -> StarChange {
        StarChange(repositoryID: repositoryID, fullName: "octocat/repo-\(repositoryID)", action: action, enqueuedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }

    /// What is waiting, as "action fullName" in sending order.
    static func pending(_ store: AppDatabase) throws -> [String] {
        try store.pendingStarChanges().map { "\($0.action.rawValue) \($0.fullName)" }
    }

    @Test func changesAreSentInTheOrderTheyWereMade() throws {
        let store = AppDatabase.inMemory()
        try store.enqueueStarChange(Self.change(3, .star))
        try store.enqueueStarChange(Self.change(1, .unstar))
        try store.enqueueStarChange(Self.change(2, .star))
        #expect(try Self.pending(store) == ["star octocat/repo-3", "unstar octocat/repo-1", "star octocat/repo-2"])
        #expect(try store.pendingStarChanges().first == StarChange(id: 1, repositoryID: 3, fullName: "octocat/repo-3", action: .star,
                                                                    enqueuedAt: Date(timeIntervalSince1970: 1_700_000_000)))
    }

    @Test func aNewerChangeForTheSameRepositoryReplacesThePendingOneAtTheEnd() throws {
        // Given a star and another repository's star waiting
        let store = AppDatabase.inMemory()
        let first = try store.enqueueStarChange(Self.change(1, .star))
        try store.enqueueStarChange(Self.change(2, .star))

        // When the first repository is unstarred before anything was sent
        let newer = try store.enqueueStarChange(Self.change(1, .unstar))

        // Then only the unstar is left for it, after the other
        #expect(try Self.pending(store) == ["star octocat/repo-2", "unstar octocat/repo-1"])
        // And a sender that had taken the replaced star removes nothing still pending
        try store.deleteStarChange(id: try #require(first.id))
        #expect(try Self.pending(store) == ["star octocat/repo-2", "unstar octocat/repo-1"])
        try store.deleteStarChange(id: try #require(newer.id))
        #expect(try Self.pending(store) == ["star octocat/repo-2"])
    }

    @Test func pendingChangesSurviveAReopenAndKeepTheirOrder() throws {
        // Given changes queued in a file, and the app quit
        let file = AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite")
        do {
            let store = try AppDatabase.open(at: file)
            for change in [Self.change(9, .star), Self.change(4, .unstar), Self.change(6, .star)] { try store.enqueueStarChange(change) }
            try store.deleteStarChange(id: try #require(store.pendingStarChanges().first?.id))
        }

        // When the file is opened again, and one more change is queued
        let store = try AppDatabase.open(at: file)
        try store.enqueueStarChange(Self.change(1, .star))

        // Then what was waiting still waits, first, in its order; the one sent is not sent again
        #expect(try Self.pending(store) == ["unstar octocat/repo-4", "star octocat/repo-6", "star octocat/repo-1"])
    }

    @Test func theSchemaOnlyTakesStarOrUnstar() throws {
        let database = AppDatabase.inMemory()
        #expect(throws: DatabaseError.self) {
            try database.writer.write { db in
                try db.execute(sql: "INSERT INTO star_outbox (repositoryID, fullName, action, enqueuedAt) VALUES (1, 'a/b', 'fork', '2026-01-01')")
            }
        }
    }
}
