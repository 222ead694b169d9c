import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// GitHub's stars merged into a real SQLite file: the first sync for a login offers local-only
/// stars instead of dropping them, later ones follow GitHub, pending changes win, and a long list
/// is fetched page by page with progress.
@MainActor
@Suite("Stars: syncing with GitHub")
struct StarSyncMergeTests {
    @Test func theFirstSyncAddsGitHubsStarsAndOffersTheLocalOnesWhichAcceptStars() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let token = server.issueToken(for: "octocat")
        let file = StarsFixture.temporaryFile
        // Given two stars made signed out, and one made on GitHub elsewhere
        do {
            let signedOut = try StarsHarness(file: file, baseURL: server.baseURL, token: nil)
            try signedOut.starring.star(StarsFixture.repository("octocat/Hello-World"))
            try signedOut.starring.star(StarsFixture.repository("mojombo/grit"))
        }
        let stars = try StarsHarness(file: file, baseURL: server.baseURL, token: token)
        try await StarsFixture.starRemotely(["torvalds/linux"], client: stars.client)

        // When signed in, the first sync runs
        await stars.sync.synchronize()

        // Then GitHub's star is added, nothing local is dropped or starred silently, and the rest is offered
        #expect(try stars.localNames() == ["mojombo/grit", "octocat/Hello-World", "torvalds/linux"])
        #expect(server.starredRepositories(of: "octocat") == ["torvalds/linux"])
        let offer = try #require(stars.sync.offer)
        #expect(offer.login == "octocat")
        #expect(offer.repositories.map(\.fullName) == ["mojombo/grit", "octocat/Hello-World"])
        #expect(offer.body == "2 repositories are starred in GitHub Finder but not on GitHub as octocat. Star them on GitHub, or keep them starred only here?")
        #expect([offer.acceptLabel, offer.declineLabel] == ["Star on GitHub", "Keep Local"])
        #expect(try !stars.database.hasSynchronizedStars(login: "octocat"), "asked again until answered")

        // When accepted
        await stars.sync.acceptOffer(offer)

        // Then they are starred on GitHub, and the login counts as synced
        #expect(stars.sync.offer == nil)
        #expect(Set(server.starredRepositories(of: "octocat")) == ["torvalds/linux", "mojombo/grit", "octocat/Hello-World"])
        #expect(try stars.pending().isEmpty)
        #expect(try stars.database.hasSynchronizedStars(login: "octocat"))
    }

    @Test func declinedStarsStayLocalThroughLaterSyncs() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let file = StarsFixture.temporaryFile
        do {
            let signedOut = try StarsHarness(file: file, baseURL: server.baseURL, token: nil)
            try signedOut.starring.star(StarsFixture.repository("mojombo/grit"))
        }
        let stars = try StarsHarness(file: file, baseURL: server.baseURL, token: server.issueToken(for: "octocat"))
        await stars.sync.synchronize()
        stars.sync.declineOffer(try #require(stars.sync.offer))

        await stars.sync.synchronize()

        #expect(stars.sync.offer == nil, "asked once")
        #expect(try stars.localNames() == ["mojombo/grit"])
        #expect(server.starredRepositories(of: "octocat").isEmpty)
    }

    @Test func aLaterSyncFollowsGitHubButPendingChangesWin() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let token = server.issueToken(for: "octocat")
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: token)
        try await StarsFixture.starRemotely(["torvalds/linux", "mojombo/grit", "octocat/Hello-World"], client: stars.client)
        await stars.sync.synchronize()
        #expect(try stars.localNames() == ["mojombo/grit", "octocat/Hello-World", "torvalds/linux"])
        #expect(stars.sync.offer == nil)

        // Given grit unstarred on another device, and here (offline) a star and an unstar waiting
        let elsewhere = GitHubClient(configuration: GitHubConfiguration(baseURL: server.baseURL, token: token))
        try await elsewhere.unstarRepository(owner: "mojombo", name: "grit")
        try stars.database.enqueueStarChange(StarChange(repositoryID: StarsFixture.repository("torvalds/linux").id, fullName: "torvalds/linux", action: .unstar))
        try stars.database.delete(Repositories.self, id: StarsFixture.repository("torvalds/linux").id)
        server.inject(FixtureFault(.serverError, route: .starred, status: 502, remaining: 1))

        // When the next sync runs (its first send meets a 502, so the unstar waits through the merge)
        await stars.sync.synchronize()

        // Then grit is gone here, Hello-World stays, linux stays unstarred as asked, and the
        // unstar went out once the merge was done
        #expect(try stars.localNames() == ["octocat/Hello-World"])
        #expect(try stars.pending().isEmpty)
        #expect(server.starredRepositories(of: "octocat").sorted() == ["octocat/Hello-World"])
        #expect(stars.sync.offer == nil)
    }

    @Test func moreThanAHundredStarsArePagedWithProgress() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: server.issueToken(for: "octocat"))
        let names = StarsFixture.names(150)
        try #require(names.count == 150)
        try await StarsFixture.starRemotely(names, client: stars.client)
        // Each page takes a while, so progress can be seen between them
        server.inject(FixtureFault(.latency, route: .starred, milliseconds: 300))

        let sync = Task { await stars.sync.synchronize() }
        #expect(await eventually { stars.sync.progress?.pagesFetched == 1 })
        #expect(stars.sync.progress?.repositoriesFetched == 100)
        #expect(stars.sync.progress?.text == "Fetched 100 starred repositories…")
        await sync.value

        #expect(stars.sync.progress == nil)
        #expect(try stars.localNames() == names.sorted())
        #expect(server.receivedRequests.filter { $0.route == .starred }.compactMap { $0.queryValue("page") } == ["2"])
    }

    @Test func aFailedFetchChangesNothingAndSaysWhy() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: nil, token: "ghp_offline")
        try stars.database.save(RepositoryFavorite(StarsFixture.repository("mojombo/grit")))

        await stars.sync.synchronize()

        #expect(try stars.localNames() == ["mojombo/grit"])
        #expect(stars.sync.failure == "Can't reach GitHub. Check your connection.")
        #expect(stars.sync.progress == nil)
    }
}
