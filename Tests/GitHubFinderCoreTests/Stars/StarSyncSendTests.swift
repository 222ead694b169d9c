import Clocks
import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// Stars and unstars sent to the GitHub double over loopback from a real SQLite file: the
/// outbox drained in order, kept while offline and across a restart, and refusals rolled back.
@MainActor
@Suite("Stars: sending the outbox")
struct StarSyncSendTests {
    @Test func aStarReachesGitHubAndLeavesTheOutbox() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: server.issueToken(for: "octocat"))

        try stars.starring.star(StarsFixture.repository("octocat/Hello-World"))
        #expect(try stars.localNames() == ["octocat/Hello-World"], "starred here before GitHub answers")
        await stars.sync.send()

        #expect(server.starredRepositories(of: "octocat") == ["octocat/Hello-World"])
        #expect(try stars.pending().isEmpty)
        #expect(stars.sync.problems.isEmpty)
    }

    @Test func anUnstarDeletesOnGitHubAndUndoStarsAgain() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: server.issueToken(for: "octocat"))
        let linux = StarsFixture.repository("torvalds/linux")
        try stars.starring.star(linux)
        await stars.sync.send()
        #expect(server.starredRepositories(of: "octocat") == ["torvalds/linux"])

        let removed = try #require(try stars.starring.unstarForUndo(linux))
        #expect(removed.fullName == "torvalds/linux")
        await stars.sync.send()
        #expect(server.starredRepositories(of: "octocat").isEmpty)
        #expect(try stars.localNames().isEmpty)

        try stars.starring.restore(removed)
        await stars.sync.send()
        #expect(server.starredRepositories(of: "octocat") == ["torvalds/linux"])
        #expect(try stars.database.favorites(of: Repositories.self) == [removed], "the snapshot comes back as it was")
    }

    @Test func signedOutStarsStayLocalAndNothingIsQueuedOrSent() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: nil)

        try stars.starring.star(StarsFixture.repository("octocat/Hello-World"))
        try stars.starring.unstar(StarsFixture.repository("mojombo/grit"))
        await stars.sync.send()
        await stars.sync.synchronize()

        #expect(try stars.localNames() == ["octocat/Hello-World"])
        #expect(try stars.pending().isEmpty)
        #expect(server.requestCount(.starred) == 0)
    }

    @Test func offlineChangesWaitInTheFileAndAreSentInOrderAfterARestart() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let token = server.issueToken(for: "octocat")
        let file = StarsFixture.temporaryFile
        let grit = StarsFixture.repository("mojombo/grit")
        // Given grit starred on GitHub earlier
        try await StarsFixture.starRemotely(["mojombo/grit"], client: GitHubClient(configuration: GitHubConfiguration(baseURL: server.baseURL, token: token)))

        // When offline, two stars and an unstar are made, and the app quits
        do {
            let offline = try StarsHarness(file: file, baseURL: nil, token: token)
            try offline.starring.star(StarsFixture.repository("octocat/Hello-World"))
            try offline.starring.unstar(grit)
            try offline.starring.star(StarsFixture.repository("torvalds/linux"))
            await offline.sync.send()
            #expect(try offline.pending() == ["star octocat/Hello-World", "unstar mojombo/grit", "star torvalds/linux"])
            #expect(offline.sync.isWaitingToRetry)
            #expect(offline.sync.problems.isEmpty, "offline is not a refusal")
        }
        #expect(server.starredRepositories(of: "octocat") == ["mojombo/grit"])

        // Then the next start, online, sends them in the order they were made
        let online = try StarsHarness(file: file, baseURL: server.baseURL, token: token)
        #expect(try online.pending().count == 3)
        await online.sync.send()
        #expect(try online.pending().isEmpty)
        #expect(server.starredRepositories(of: "octocat") == ["octocat/Hello-World", "torvalds/linux"], "oldest star first on the double")
        #expect(try online.localNames() == ["octocat/Hello-World", "torvalds/linux"])
    }

    @Test func aServerErrorKeepsTheChangeAndItIsRetriedAfterAPause() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let clock = TestClock()
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: server.issueToken(for: "octocat"), clock: clock)
        server.inject(FixtureFault(.serverError, route: .starred, status: 503, remaining: 1))

        try stars.starring.star(StarsFixture.repository("octocat/Hello-World"))
        await stars.sync.send()
        await settle()
        #expect(try stars.pending() == ["star octocat/Hello-World"])
        #expect(stars.sync.isWaitingToRetry)
        #expect(server.starredRepositories(of: "octocat").isEmpty)

        // Not before the pause is over
        await clock.advance(by: .seconds(4))
        await settle()
        #expect(try stars.pending() == ["star octocat/Hello-World"])
        await clock.advance(by: .seconds(1))
        #expect(await eventually { server.starredRepositories(of: "octocat") == ["octocat/Hello-World"] })
        #expect(await eventually { (try? stars.pending().isEmpty) == true && !stars.sync.isWaitingToRetry })
    }

    @Test func aStarRefusedForAMissingScopeIsRolledBackAndExplained() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: server.issueToken(for: "octocat", scopes: ["read:user"]))
        try stars.starring.star(StarsFixture.repository("torvalds/linux"))

        try stars.starring.star(StarsFixture.repository("octocat/Hello-World"))
        await stars.sync.send()

        #expect(try stars.localNames().isEmpty, "rolled back")
        #expect(try stars.pending().isEmpty, "a refusal is not tried again")
        #expect(stars.sync.problems.map(\.message) == [
            "GitHub refused to star torvalds/linux: Not Found. A classic token needs the public_repo scope to star.",
            "GitHub refused to star octocat/Hello-World: Not Found. A classic token needs the public_repo scope to star.",
        ])
        let first = try #require(stars.sync.problems.first)
        stars.sync.dismiss(first)
        #expect(stars.sync.problems.map(\.fullName) == ["octocat/Hello-World"])
    }

    @Test func anUnstarRefusedToAFineGrainedTokenPutsTheStarBack() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: server.issueFineGrainedToken(for: "octocat", canStar: false))
        let hello = StarsFixture.repository("octocat/Hello-World")
        try stars.database.save(RepositoryFavorite(hello))

        try stars.starring.unstar(hello)
        #expect(try stars.localNames().isEmpty)
        await stars.sync.send()

        let restored = try #require(try stars.database.favorites(of: Repositories.self).first)
        #expect(restored.id == hello.id)
        #expect(restored.fullName == "octocat/Hello-World")
        #expect(restored.ownerAvatarURL != nil, "the snapshot was fetched again from GitHub")
        #expect(stars.sync.problems.map(\.message) == [
            "GitHub refused to unstar octocat/Hello-World: Resource not accessible by personal access token. A fine-grained token needs the Starring permission (read and write) to star.",
        ])
    }

    @Test func aRejectedTokenKeepsTheChangeUntilSignIn() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let token = server.issueToken(for: "octocat")
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: token)
        server.expireToken(token)

        try stars.starring.star(StarsFixture.repository("octocat/Hello-World"))
        await stars.sync.send()

        #expect(stars.sync.isSignInRequired)
        #expect(try stars.pending() == ["star octocat/Hello-World"], "401 is signed out, not a refusal")
        #expect(try stars.localNames() == ["octocat/Hello-World"])
        #expect(stars.sync.problems.isEmpty)
    }
}
