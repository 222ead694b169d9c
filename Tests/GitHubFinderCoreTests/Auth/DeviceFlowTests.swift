import Clocks
import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// The OAuth device flow against the double, on a test clock (no real waiting).
@MainActor
@Suite("Sign-in: device flow")
struct DeviceFlowTests {
    let clock = TestClock()

    func client(_ server: GitHubFixtureServer) -> DeviceFlowClient {
        DeviceFlowClient(configuration: OAuthConfiguration(clientID: "Iv1.fixture", baseURL: server.baseURL),
                         transport: SoupTransport(timeout: 30, userAgent: "GitHubFinder tests"), clock: clock)!
    }

    /// Advances the clock until `task` finishes, one second at a time; returns the seconds waited.
    func drive<T: Sendable>(_ task: Task<T, Never>, limit: Int = 2_000) async -> (T, Int) {
        var seconds = 0
        let box = ResultBox<T>()
        Task { box.value = await task.value }
        while box.value == nil && seconds < limit {
            await clock.step(by: .seconds(1))
            seconds += 1
            try? await Task.sleep(for: .milliseconds(2))
        }
        return (await task.value, seconds)
    }

    @Test func pendingThenSlowDownThenApprovalGivesAToken() async throws {
        let server = try await GitHubFixtureServer()
        server.deviceFlowScript = DeviceFlowScript(pendingPolls: 3, slowDownPolls: [2], outcome: .approve(login: "octocat"), interval: 5)
        let flow = client(server)
        let authorization = try await flow.start()
        #expect(authorization.userCode.count == 9 && authorization.userCode.contains("-"))
        #expect(authorization.verificationURI.path == "/login/device")
        #expect(authorization.interval == 5)
        let box = ResultBox<Result<String, DeviceFlowError>>()
        Task { box.value = await Result(catching: { () async throws(DeviceFlowError) in try await flow.token(for: authorization) }) }
        func polls() -> Int { server.requestCount(.accessToken) }
        /// The double counts a poll before the client has read the answer and gone back to sleep
        /// on the test clock: give the loopback response time to arrive before advancing.
        func answered(_ count: Int) async -> Bool {
            guard await eventually({ polls() == count }) else { return false }
            try? await Task.sleep(for: .milliseconds(200))
            return true
        }

        await clock.step(by: .seconds(4))
        #expect(polls() == 0, "no poll before the interval")
        await clock.step(by: .seconds(1))
        #expect(await answered(1))                           // authorization_pending
        await clock.step(by: .seconds(5))
        #expect(await answered(2))                           // slow_down: the interval becomes 10 s
        await clock.step(by: .seconds(5))
        try await Task.sleep(for: .milliseconds(200))
        #expect(polls() == 2, "5 s after slow_down is too early")
        await clock.step(by: .seconds(5))
        #expect(await answered(3))                           // authorization_pending
        await clock.step(by: .seconds(10))
        #expect(await eventually { box.value != nil })        // approved
        let token = try #require(try box.value?.get())
        #expect(polls() == 4)
        let user = try await GitHubClient(configuration: GitHubConfiguration(baseURL: server.baseURL)).authenticatedUser(token: token)
        #expect(user.login == "octocat")
        await server.stop()
    }

    @Test(arguments: [(DeviceFlowScript.Outcome.expire, DeviceFlowError.expired), (.deny, .denied)])
    func expiryAndDenialStopThePolling(outcome: DeviceFlowScript.Outcome, expected: DeviceFlowError) async throws {
        let server = try await GitHubFixtureServer()
        server.deviceFlowScript = DeviceFlowScript(pendingPolls: 1, outcome: outcome, interval: 5)
        let flow = client(server)
        let authorization = try await flow.start()
        let task = Task { await Result(catching: { () async throws(DeviceFlowError) in try await flow.token(for: authorization) }) }
        let (result, _) = await drive(task)
        #expect(throws: expected) { try result.get() }
        #expect(server.requestCount(.accessToken) == 2)
        await server.stop()
    }

    @Test func theErrorIsReadFromTheBodyOfAnHTTP200() async throws {
        let recording = try Recording.load("oauth-access-token__error-bad-verification-code-http-200__2019__pygithub.json")
        #expect(recording.response.status == 200)
        let transport = ReplayTransport(recording.response)
        let flow = DeviceFlowClient(configuration: OAuthConfiguration(clientID: "x", baseURL: URL(string: "https://github.com")!), transport: transport, clock: clock)!
        let authorization = DeviceAuthorization(deviceCode: "d", userCode: "ABCD-EFGH", verificationURI: URL(string: "https://github.com/login/device")!, expiresIn: 900, interval: 1)
        let task = Task { await Result(catching: { () async throws(DeviceFlowError) in try await flow.token(for: authorization) }) }
        let (result, _) = await drive(task)
        #expect(throws: DeviceFlowError.failed("The code passed is incorrect or expired.")) { try result.get() }
    }

    @Test func theDeviceCodeRecordingDecodes() async throws {
        let recording = try Recording.load("device-flow__device-code-response__official-docs-example.json")
        let flow = DeviceFlowClient(configuration: OAuthConfiguration(clientID: "x", baseURL: URL(string: "https://github.com")!), transport: ReplayTransport(recording.response), clock: clock)!
        let authorization = try await flow.start()
        #expect(authorization.userCode == "WDJB-MJHT")
        #expect(authorization.verificationURI.absoluteString == "https://github.com/login/device")
        #expect(authorization.expiresIn == 900 && authorization.interval == 5)
    }

    @Test func theOAuthHostFollowsTheAPIHost() {
        #expect(OAuthConfiguration.from(apiBaseURL: URL(string: "https://api.github.com")!, environment: [:]).baseURL.absoluteString == "https://github.com")
        #expect(OAuthConfiguration.from(apiBaseURL: URL(string: "https://ghe.example/api/v3")!, environment: [:]).baseURL.absoluteString == "https://ghe.example")
        #expect(OAuthConfiguration.from(apiBaseURL: URL(string: "https://api.github.com")!, environment: [:]).clientID == nil)
        #expect(OAuthConfiguration.from(apiBaseURL: URL(string: "https://api.github.com")!, environment: ["GITHUB_FINDER_CLIENT_ID": "Iv1.abc"]).clientID == "Iv1.abc")
    }
}

final class ResultBox<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: T?
    var value: T? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
