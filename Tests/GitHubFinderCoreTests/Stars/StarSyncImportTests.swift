import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// A repository imported from a file after the stars were synced is not silently dropped by
/// the next sync for its older date, nor starred on GitHub silently: it is offered.
@MainActor
@Suite("Stars: imported repositories")
struct StarSyncImportTests {
    @Test func aRepositoryImportedAfterASyncIsOfferedNotDropped() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: server.issueToken(for: "octocat"))
        try await StarsFixture.starRemotely(["torvalds/linux"], client: stars.client)
        await stars.sync.synchronize()
        #expect(stars.sync.offer == nil)
        #expect(try stars.database.hasSynchronizedStars(login: "octocat"))

        // When a file starred years ago is imported
        let old = RepositoryFavorite(StarsFixture.repository("mojombo/grit"), addedAt: Date(timeIntervalSince1970: 1_300_000_000))
        let summary = try stars.database.importArchive(FavoritesArchive(server: server.baseURL, people: [], repositories: [old]))
        #expect(summary.repositories.added == 1)
        await stars.sync.synchronize()

        // Then the next sync keeps it and asks whether to star it on GitHub
        #expect(try stars.localNames() == ["mojombo/grit", "torvalds/linux"])
        #expect(try #require(stars.sync.offer).repositories.map(\.fullName) == ["mojombo/grit"])
        #expect(server.starredRepositories(of: "octocat") == ["torvalds/linux"], "not starred silently")

        // And once kept local, later syncs keep it without asking again
        stars.sync.declineOffer(try #require(stars.sync.offer))
        await stars.sync.synchronize()
        #expect(stars.sync.offer == nil)
        #expect(try stars.localNames() == ["mojombo/grit", "torvalds/linux"])
    }

    @Test func anImportIntoADatabaseNeverSyncedNeedsNoMark() async throws {
        // The first sync offers every local-only star anyway.
        let database = try AppDatabase.open(at: StarsFixture.temporaryFile)
        _ = try database.importArchive(FavoritesArchive(server: GitHubConfiguration.defaultBaseURL, people: [], repositories: [.stub(id: 3)]))
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM favorite_repository_import") } == 0)
    }
}
