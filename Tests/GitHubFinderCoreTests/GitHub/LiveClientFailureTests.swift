import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// The live client against the double's fault modes and credentials policy: every failure is a
/// typed error, never a crash, and the token never leaves the API origin.
@Suite("Live client: faults, cancellation, credentials")
struct LiveClientFailureTests {
    static let search = UserSearchRequest(query: SearchQuery("tom")!)

    @Test(arguments: [
        (FixtureFault(.serverError, status: 500), GitHubError.serverError(status: 500)),
        (FixtureFault(.serverError, status: 502), GitHubError.serverError(status: 502)),
        (FixtureFault(.htmlBody, status: 503), GitHubError.serverError(status: 503)),
        (FixtureFault(.htmlBody), GitHubError.undecodable("search results: an HTML page instead of JSON")),
        (FixtureFault(.truncatedBody), GitHubError.undecodable("search results: malformed or truncated JSON")),
        (FixtureFault(.secondaryLimit, retryAfter: 7), GitHubError.secondaryRateLimited(retryAfter: 7)),
    ])
    func everyFaultBecomesATypedError(fault: FixtureFault, expected: GitHubError) async throws {
        try await withLiveDouble { server, client in
            server.inject(fault)
            #expect(await thrownError { try await client.searchUsers(Self.search) } == expected)
        }
    }

    @Test func faultsOnProfilesAndAvatarsAreTypedToo() async throws {
        try await withLiveDouble { server, client in
            let avatar = try #require(try await client.user(login: "octocat").avatarURL)
            server.inject(FixtureFault(.truncatedBody, route: .user))
            server.inject(FixtureFault(.htmlBody, route: .avatar))
            #expect(await thrownError { try await client.user(login: "mojombo") } == .undecodable("profile: malformed or truncated JSON"))
            #expect(await thrownError { try await client.avatar(avatar, pixelSize: 64) } == .undecodable("avatar: not a PNG, JPEG, GIF or WebP image"))
        }
    }

    @Test func anExhaustedPrimaryLimitIsRateLimitedWithTheReset() async throws {
        try await withLiveDouble { server, client in
            server.inject(FixtureFault(.primaryLimitExhausted, route: .user))
            let error = await thrownError { try await client.user(login: "octocat") }
            #expect(error == .rateLimited(resetsAt: server.quotaResetsAt("core"), resource: "core"))
        }
    }

    @Test func noAnswerInTimeIsOfflineTimedOut() async throws {
        try await withLiveDouble(timeout: 0.5) { server, client in
            server.inject(FixtureFault(.latency, milliseconds: 3_000))
            #expect(await thrownError { try await client.searchUsers(Self.search) } == .offline(.timedOut))
        }
    }

    @Test func aServerThatIsNotThereIsOffline() async throws {
        let server = try await GitHubFixtureServer()
        let base = server.baseURL
        await server.stop()
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: base, timeout: 5))
        let error = await thrownError { try await client.searchUsers(Self.search) }
        guard case .offline = error else { Issue.record("got \(String(describing: error))"); return }
    }

    @Test func cancellingTheTaskEndsTheRequestPromptly() async throws {
        try await withLiveDouble { server, client in
            server.inject(FixtureFault(.latency, milliseconds: 15_000))
            let started = ContinuousClock.now
            let task = Task { await thrownError { try await client.searchUsers(Self.search) } }
            // Cancel only once the double holds the request: cancelling an in-flight request is
            // what is tested, not one that was never sent.
            while server.requestCount(.search) == 0 && ContinuousClock.now - started < .seconds(10) {
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(server.requestCount(.search) == 1)
            let cancelled = ContinuousClock.now
            task.cancel()
            #expect(await task.value == .cancelled)
            // Well before the double's 15 s answer, with room for a loaded machine
            #expect(ContinuousClock.now - cancelled < .seconds(5))
        }
    }

    @Test func aCancelledTaskSendsNothing() async throws {
        try await withLiveDouble { server, client in
            let task = Task {
                withUnsafeCurrentTask { $0?.cancel() }
                return await thrownError { try await client.searchUsers(Self.search) }
            }
            #expect(await task.value == .cancelled)
            #expect(server.requestCount(.search) == 0)
        }
    }

    @Test func theTokenGoesToTheAPIButNeverToAvatars() async throws {
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            let page = try await client.searchUsers(Self.search)
            _ = try await client.avatar(try #require(page.users.first?.avatarURL), pixelSize: 40)
            let search = server.receivedRequests.first { $0.route == .search }
            let avatar = server.receivedRequests.first { $0.route == .avatar }
            #expect(search?.headers["authorization"] == "Bearer \(client.credentials.token!)")
            #expect(avatar != nil && avatar?.headers["authorization"] == nil)
        }
    }

    @Test func theTokenIsNotForwardedWhenARedirectLeavesTheAPIOrigin() async throws {
        let elsewhere = try await GitHubFixtureServer()
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            server.inject(FixtureFault(.redirect, route: .user, redirectBase: elsewhere.baseURL.absoluteString, remaining: 1))
            let profile = try await client.user(login: "octocat")
            #expect(profile.login == "octocat")
            let received = try #require(elsewhere.receivedRequests.first)
            #expect(received.route == .user)
            #expect(received.headers["authorization"] == nil)
        }
        await elsewhere.stop()
    }

    @Test func theTokenStaysOnASameOriginRedirect() async throws {
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            server.inject(FixtureFault(.redirect, route: .user, redirectBase: server.baseURL.absoluteString, remaining: 1))
            _ = try await client.user(login: "octocat")
            let users = server.receivedRequests.filter { $0.route == .user }
            #expect(users.count == 2)
            #expect(users.allSatisfy { $0.headers["authorization"] == "Bearer \(client.credentials.token!)" })
        }
    }

    @Test func errorsAndConfigurationDescriptionsNeverContainTheToken() async throws {
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            server.inject(FixtureFault(.serverError, status: 500))
            let error = await thrownError { try await client.searchUsers(Self.search) }
            let token = client.credentials.token!
            #expect(error == .serverError(status: 500))
            #expect(error?.localizedDescription.contains(token) == false)
            #expect(!String(describing: client.configuration).contains(token))
        }
    }

    @Test func theEnvironmentChoosesBaseURLAndTokenInOrder() {
        let both = GitHubConfiguration.fromEnvironment(["GH_TOKEN": "a", "GITHUB_TOKEN": "b", "GITHUB_API_URL": "http://127.0.0.1:1/api/v3"])
        #expect(both.token == "a")
        #expect(both.baseURL.absoluteString == "http://127.0.0.1:1/api/v3")
        #expect(GitHubConfiguration.fromEnvironment(["GH_TOKEN": "", "GITHUB_TOKEN": "b"]).token == "b")
        #expect(GitHubConfiguration.fromEnvironment([:]).baseURL == GitHubConfiguration.defaultBaseURL)
        #expect(GitHubConfiguration.fromEnvironment(["GITHUB_API_URL": "http://x"], baseURL: URL(string: "http://y")!).baseURL.host == "y")
    }
}
