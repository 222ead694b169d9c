import Clocks
import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// Sign-in through the coordinators, with the live client, the double and a token store.
@MainActor
@Suite("Sign-in: dialog and 401 flow")
struct SignInFlowTests {
    let clock = TestClock()

    func makeApp(_ server: GitHubFixtureServer, store: any TokenStore = InMemoryTokenStore(), deviceFlow: Bool = false) -> (AppCoordinator, NavigatorSpy, AppDependencies) {
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: server.baseURL))
        let flow = deviceFlow ? DeviceFlowClient(configuration: OAuthConfiguration(clientID: "Iv1.fixture", baseURL: server.baseURL), transport: SoupTransport(timeout: 30, userAgent: "GitHubFinder tests"), clock: clock) : nil
        let dependencies = AppDependencies(api: client, database: .inMemory(), clock: clock, tokenStore: store, deviceFlow: flow)
        let navigator = NavigatorSpy()
        let coordinator = AppCoordinator(dependencies: dependencies, navigator: navigator, urlOpener: URLOpenerSpy())
        coordinator.start()
        return (coordinator, navigator, dependencies)
    }

    @Test func aGoodTokenShowsTheAccountAndABadOneSaysSo() async throws {
        let server = try await GitHubFixtureServer()
        let (coordinator, navigator, dependencies) = makeApp(server)
        coordinator.startSignIn()
        let dialog = try #require(navigator.signInViewModel)
        #expect(!dialog.state.isDeviceFlowAvailable)
        dialog.send(.tokenChanged("ghp_wrong"))
        dialog.send(.submitToken)
        #expect(await eventually { if case .failed = dialog.state.phase { true } else { false } })
        #expect(dialog.state.phase == .failed(message: "GitHub did not accept this token. Check that it was copied whole and has not expired."))
        dialog.send(.tokenChanged(server.issueToken(for: "octocat")))
        dialog.send(.submitToken)
        #expect(await eventually { dialog.state.isSignedIn })
        guard case .signedIn(let login, let avatar) = dialog.state.phase else { Issue.record("not signed in"); return }
        #expect(login == "octocat")
        #expect(avatar != nil)
        dialog.send(.done)
        #expect(navigator.signInDismissals == 1)
        #expect(coordinator.signIn == nil)
        #expect(dependencies.authenticator.account?.login == "octocat")
        #expect(navigator.accounts.last == "octocat")
        await server.stop()
    }

    @Test func a401MidSearchAsksToSignInAndRetriesTheSameQuery() async throws {
        let server = try await GitHubFixtureServer()
        let first = server.issueToken(for: "octocat")
        let store = InMemoryTokenStore(StoredToken(token: first, login: "octocat"))
        let (coordinator, navigator, dependencies) = makeApp(server, store: store)
        defer { withExtendedLifetime(coordinator) {} }
        #expect(await eventually { dependencies.authenticator.account?.login == "octocat" })
        let search = try #require(navigator.searchViewModel)
        search.send(.queryChanged("tom"))
        search.send(.submit)
        #expect(await eventually { search.state.phase == .results })
        #expect(server.receivedRequests.last?.headers["authorization"] == "Bearer \(first)")

        server.expireToken(first)
        search.send(.sortChanged(.followers))
        #expect(await eventually { search.state.phase == .signInRequired })
        let dialog = try #require(navigator.signInViewModel)
        #expect(dialog.state.reason?.contains("no longer accepts") == true)
        #expect(await eventually { (try? store.load()) == nil }, "the rejected token is dropped from the keyring")
        #expect(dependencies.api.credentials.token == nil)

        let second = server.issueToken(for: "octocat")
        dialog.send(.tokenChanged(second))
        dialog.send(.submitToken)
        #expect(await eventually { dialog.state.isSignedIn })
        dialog.send(.done)
        #expect(await eventually { search.state.phase == .results })
        let retried = try #require(server.receivedRequests.last { $0.route == .search })
        #expect(retried.queryValue("q") == "tom")
        #expect(retried.queryValue("sort") == "followers")
        #expect(retried.headers["authorization"] == "Bearer \(second)")
        #expect(try store.load() == StoredToken(token: second, login: "octocat"))
        await server.stop()
    }

    @Test func a401OnAProfileReloadsThatProfileAfterSigningIn() async throws {
        let server = try await GitHubFixtureServer()
        let token = server.issueToken(for: "octocat")
        let (coordinator, navigator, dependencies) = makeApp(server, store: InMemoryTokenStore(StoredToken(token: token, login: "octocat")))
        #expect(await eventually { dependencies.authenticator.account != nil })
        // The start's star sync done before the token expires: meeting the 401 first, it dropped
        // the token, and the profile was then fetched anonymously and loaded (fw3, once).
        #expect(await eventually { server.requestCount(.starred) >= 1 && dependencies.starSync.progress == nil })
        server.expireToken(token)
        coordinator.showDetail(for: .stub(id: 1, login: "mojombo"))
        let detail = try #require(navigator.detailViewModels.last)
        let failed = await eventually {
            if case .failed = detail.state.phase { return true }
            return false
        }
        #expect(failed, "the profile should have failed with 401, got \(detail.state.phase)")
        #expect(await eventually { navigator.signInViewModel != nil })
        let dialog = try #require(navigator.signInViewModel)
        dialog.send(.tokenChanged(server.issueToken(for: "octocat")))
        dialog.send(.submitToken)
        #expect(await eventually { dialog.state.isSignedIn })
        dialog.send(.done)
        #expect(await eventually { detail.state.phase == .loaded })
        #expect(detail.state.profile?.login == "mojombo")
        #expect(coordinator.detail?.user.login == "mojombo")
        await server.stop()
    }

    @Test func aCancelledSignInDoesNotRetry() async throws {
        let server = try await GitHubFixtureServer()
        let token = server.issueToken(for: "octocat")
        let (coordinator, navigator, dependencies) = makeApp(server, store: InMemoryTokenStore(StoredToken(token: token, login: "octocat")))
        defer { withExtendedLifetime(coordinator) {} }
        #expect(await eventually { dependencies.authenticator.account != nil })
        server.expireToken(token)
        let search = try #require(navigator.searchViewModel)
        search.send(.queryChanged("tom"))
        search.send(.submit)
        #expect(await eventually { navigator.signInViewModel != nil })
        // The double counts a request once its answer is written, which can be after the client
        // has read the 401 and opened the dialog: wait for the refused search to be counted, or a
        // late count of it reads as a retry (failed once in a fresh clone's make test).
        #expect(await eventually { server.requestCount(.search) >= 1 })
        let requests = server.requestCount(.search)
        navigator.signInViewModel?.send(.cancel)
        try await Task.sleep(for: .milliseconds(100))
        #expect(server.requestCount(.search) == requests)
        #expect(search.state.phase == .signInRequired)
        await server.stop()
    }

    @Test func theDeviceFlowSignsInThroughTheDialog() async throws {
        let server = try await GitHubFixtureServer()
        server.deviceFlowScript = DeviceFlowScript(pendingPolls: 1, outcome: .approve(login: "mojombo"), interval: 5)
        let (coordinator, navigator, dependencies) = makeApp(server, deviceFlow: true)
        coordinator.startSignIn()
        let dialog = try #require(navigator.signInViewModel)
        #expect(dialog.state.isDeviceFlowAvailable)
        dialog.send(.startDeviceFlow)
        #expect(await eventually { if case .waitingForApproval = dialog.state.phase { true } else { false } })
        for _ in 0..<3 {
            await clock.step(by: .seconds(5))
            try await Task.sleep(for: .milliseconds(150))
        }
        #expect(await eventually { dialog.state.isSignedIn })
        #expect(dependencies.authenticator.account?.login == "mojombo")
        await server.stop()
    }
}
