import Clocks
import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// What must not happen to someone's stars: a change sent as another account, a star made
/// while signed out dropped by the next sync, a change made during a sync undone by its merge,
/// an Undo that removes a star GitHub kept, a list of pages that never ends.
@MainActor
@Suite("Stars: safety")
struct StarSyncSafetyTests {
    @Test func aChangeWaitingForOneAccountIsNotSentAsAnother() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let file = StarsFixture.temporaryFile
        let linux = StarsFixture.repository("torvalds/linux")
        // Given alice starred linux while GitHub could not be reached
        let alice = try StarsHarness(file: file, baseURL: nil, token: server.issueToken(for: "alice"), login: "alice")
        try alice.starring.star(linux)
        #expect(try alice.pending() == ["star torvalds/linux"])
        #expect(try alice.database.pendingStarChanges().first?.login == "alice")

        // When bob signs in on the same database and his outbox is sent
        let bob = try StarsHarness(file: file, baseURL: server.baseURL, token: server.issueToken(for: "bob"), login: "bob")
        await bob.sync.send()

        // Then nothing is starred as bob, and the change still waits for alice
        #expect(server.starredRepositories(of: "bob").isEmpty)
        #expect(try bob.pending() == ["star torvalds/linux"])
        let aliceAgain = try StarsHarness(file: file, baseURL: server.baseURL, token: server.issueToken(for: "alice"), login: "alice")
        await aliceAgain.sync.send()
        #expect(server.starredRepositories(of: "alice") == ["torvalds/linux"])
    }

    @Test func aStarMadeSignedOutIsOfferedAtTheNextSyncNotDropped() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let file = StarsFixture.temporaryFile
        let token = server.issueToken(for: "octocat")
        let signedIn = try StarsHarness(file: file, baseURL: server.baseURL, token: token)
        await signedIn.sync.synchronize()
        #expect(signedIn.sync.offer == nil, "nothing to ask on an empty first sync")

        // Signed out, grit is starred here only
        let signedOut = try StarsHarness(file: file, baseURL: server.baseURL, token: nil)
        try signedOut.starring.star(StarsFixture.repository("mojombo/grit"))
        #expect(try signedOut.pending().isEmpty, "signed out, nothing is queued")

        // Signed in again, the sync keeps it and asks
        let again = try StarsHarness(file: file, baseURL: server.baseURL, token: token)
        await again.sync.synchronize()
        #expect(try again.localNames() == ["mojombo/grit"])
        #expect(again.sync.offer?.repositories.map(\.fullName) == ["mojombo/grit"])
    }

    @Test func aStarMadeWhileTheSyncFetchesIsNotUndoneByItsMerge() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: server.issueToken(for: "octocat"))
        await stars.sync.synchronize()
        // GitHub answers slowly: the sync is still fetching when the user stars linux
        server.inject(FixtureFault(.latency, route: .starred, milliseconds: 600, remaining: 1))
        let sync = Task { await stars.sync.synchronize() }
        #expect(await eventually { stars.sync.progress != nil })
        try stars.starring.star(StarsFixture.repository("torvalds/linux"))
        await sync.value

        #expect(try stars.localNames() == ["torvalds/linux"], "the merge kept the star made meanwhile")
        #expect(server.starredRepositories(of: "octocat") == ["torvalds/linux"], "and it was sent once the merge was done")
        #expect(try stars.pending().isEmpty)
    }

    @Test func undoAfterARefusedUnstarLeavesTheStar() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        // A fine-grained token without the Starring permission: GitHub refuses changes
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: server.issueFineGrainedToken(for: "octocat", canStar: false))
        let linux = StarsFixture.repository("torvalds/linux")
        try stars.database.save(RepositoryFavorite(linux))
        let removed = try #require(try stars.starring.unstarForUndo(linux))
        await stars.sync.send()
        #expect(try stars.localNames() == ["torvalds/linux"], "the refused unstar is rolled back")

        try stars.starring.restore(removed)
        await stars.sync.send()
        #expect(try stars.localNames() == ["torvalds/linux"], "Undo of it changes nothing")
        #expect(try stars.pending().isEmpty)
    }

    @Test func aRetryAfterOfZeroStillWaitsBeforeTryingAgain() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        let clock = TestClock<Duration>()
        let stars = try StarsHarness(file: StarsFixture.temporaryFile, baseURL: server.baseURL, token: server.issueToken(for: "octocat"), clock: clock)
        server.inject(FixtureFault(.secondaryLimit, route: .starred, retryAfter: 0, remaining: 1))
        try stars.starring.star(StarsFixture.repository("torvalds/linux"))
        await stars.sync.send()
        let tried = server.requestCount(.starred)
        #expect(stars.sync.isWaitingToRetry)

        await clock.advance(by: .seconds(1))
        #expect(server.requestCount(.starred) == tried, "not at once: Retry-After 0 would be a loop")
        await clock.advance(by: .seconds(5))
        #expect(await eventually { server.starredRepositories(of: "octocat") == ["torvalds/linux"] })
    }

    @Test func aRedirectedChangeIsRefusedNotRetriedForEver() {
        #expect(StarSync.disposition(of: .tooManyRedirects(lastStatus: 302)) == .refused)
        #expect(StarSync.disposition(of: .unusableRedirect(status: 301)) == .refused)
    }
}
