import Clocks
import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// The star sync removes local stars only on proof: every page of GitHub's list read, every
/// item decoded. A 304 without `Link`, or an item it cannot read, must never pass for the end.
@MainActor
@Suite("Stars: removal only on proof")
struct StarSyncWholeListTests {
    @Test func aSecondSyncAnsweredWith304sWithoutLinkStillReadsEveryPage() async throws {
        // Given 250 stars on GitHub (three pages of 100), all synced here once
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: server.issueToken(for: "octocat"))
        let names = StarsFixture.names(250)
        try await StarsFixture.starRemotely(names, client: stars.client)
        await stars.sync.synchronize()
        #expect(try stars.localNames() == names.sorted())

        // When Refresh syncs again and every page is a 304 with GitHub's reduced headers (no Link)
        server.inject(FixtureFault(.reducedNotModified, route: .starred))
        await stars.sync.synchronize()

        // Then every page was still read, and nothing was removed here
        let starredRequests = server.receivedRequests.filter { $0.route == .starred && $0.target.hasPrefix("/user/starred?") }
        #expect(starredRequests.count == 6, "three pages, twice")
        #expect(try stars.localNames() == names.sorted())
        #expect(stars.sync.failure == nil)
    }

    @Test func aStarsPageWithAnItemThatCannotBeReadChangesNothingAndSaysSo() async throws {
        // Given two repositories starred here and synced before
        let file = StarsFixture.temporaryFile
        let database = try AppDatabase.open(at: file)
        let kept = RepositoryFavorite(id: 1, fullName: "octocat/Hello-World", ownerLogin: "octocat", name: "Hello-World", addedAt: Date(timeIntervalSince1970: 1_000))
        let other = RepositoryFavorite(id: 2, fullName: "mojombo/grit", ownerLogin: "mojombo", name: "grit", addedAt: Date(timeIntervalSince1970: 1_000))
        try database.save(kept)
        try database.save(other)
        try database.markStarsSynchronized(login: "octocat", at: Date(timeIntervalSince1970: 2_000))

        // When GitHub's list comes in the star+json shape with an item the client cannot read
        let body = #"[{"starred_at": "2011-01-16T19:06:43Z", "repo": {"id": 1, "name": "Hello-World", "full_name": "octocat/Hello-World"}}, {"starred_at": "2011-01-16T19:06:43Z", "repo": {"full_name": "mojombo/grit"}}]"#
        let transport = ReplayTransport(HTTPResponseData(status: 200, headers: HTTPHeaderFields([("Content-Type", "application/json")]), body: Data(body.utf8)))
        let client = GitHubClient(configuration: GitHubConfiguration(token: "ghp_test"), transport: transport)
        let sync = StarSync(api: client, database: database, clock: TestClock(), login: { "octocat" })
        await sync.synchronize()

        // Then nothing was unstarred here, and the user is told why
        #expect(try database.favorites(of: Repositories.self).map(\.id).sorted() == [1, 2])
        #expect(sync.incompleteList == "Stars were not synced: GitHub's list could not be read whole, so nothing was changed")
        #expect(transport.requests.first?.headers["Accept"] == "application/vnd.github.star+json")
    }

    @Test func aRepositoryStarredOnGitHubKeepsTheDateItWasStarredThere() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: server.issueToken(for: "octocat"))
        let before = Date()
        try await StarsFixture.starRemotely(["torvalds/linux"], client: stars.client)
        await stars.sync.synchronize()
        let added = try #require(try stars.database.favorites(of: Repositories.self).first?.addedAt)
        // The double stamps a star with the time it was made, to the second, as GitHub does
        #expect(abs(added.timeIntervalSince(before)) < 5)
        #expect(added.timeIntervalSince1970.rounded() == added.timeIntervalSince1970, "GitHub's starred_at, not the merge's clock")
    }
}
