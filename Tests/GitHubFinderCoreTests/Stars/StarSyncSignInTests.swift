import Clocks
import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// The app's own wiring: a device-flow sign-in asks for `public_repo`, so its token may star, and
/// the dependencies' starring and sync work on the favorites database for the signed-in login.
@MainActor
@Suite("Stars: signed in through the app")
struct StarSyncSignInTests {
    let clock = TestClock()

    @Test func aDeviceFlowSignInMayStarAndSyncsForItsLogin() async throws {
        let server = try await GitHubFixtureServer()
        defer { Task { await server.stop() } }
        server.deviceFlowScript = DeviceFlowScript(pendingPolls: 0, outcome: .approve(login: "mojombo"), interval: 5)
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: server.baseURL))
        let flow = DeviceFlowClient(configuration: OAuthConfiguration(clientID: "Iv1.fixture", baseURL: server.baseURL), transport: SoupTransport(timeout: 30, userAgent: "GitHubFinder tests"), clock: clock)
        let database = try AppDatabase.open(at: StarsFixture.temporaryFile)
        let dependencies = AppDependencies(api: client, database: database, clock: clock, deviceFlow: flow)
        // Starred while signed out: stays local, nothing queued
        try dependencies.repositoryStarring.star(StarsFixture.repository("torvalds/linux"))

        let navigator = NavigatorSpy()
        let coordinator = AppCoordinator(dependencies: dependencies, navigator: navigator, urlOpener: URLOpenerSpy())
        coordinator.start()
        coordinator.startSignIn()
        let dialog = try #require(navigator.signInViewModel)
        dialog.send(.startDeviceFlow)
        #expect(await eventually { if case .waitingForApproval = dialog.state.phase { true } else { false } })
        for _ in 0..<3 where !dialog.state.isSignedIn {
            await clock.step(by: .seconds(5))
            try await Task.sleep(for: .milliseconds(150))
        }
        #expect(await eventually { dialog.state.isSignedIn })
        #expect(server.receivedRequests.first { $0.route == .deviceCode } != nil)

        try dependencies.repositoryStarring.star(StarsFixture.repository("octocat/Hello-World"))
        await dependencies.starSync.send()
        #expect(server.starredRepositories(of: "mojombo") == ["octocat/Hello-World"], "the token has public_repo")
        #expect(dependencies.starSync.problems.isEmpty)

        await dependencies.starSync.synchronize()
        #expect(dependencies.starSync.offer?.login == "mojombo")
        #expect(dependencies.starSync.offer?.repositories.map(\.fullName) == ["torvalds/linux"])
        #expect(try database.favorites(of: Repositories.self).map(\.fullName).sorted() == ["octocat/Hello-World", "torvalds/linux"])
    }
}
