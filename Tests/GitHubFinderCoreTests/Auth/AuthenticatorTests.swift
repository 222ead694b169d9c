import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

@MainActor
@Suite("Sign-in: token chain, validation, keyring")
struct AuthenticatorTests {
    @Test func theEnvironmentWinsOverTheKeyringWhichWinsOverNothing() async throws {
        try await withLiveDouble { server, client in
            let envToken = server.issueToken(for: "mojombo")
            let stored = InMemoryTokenStore(StoredToken(token: server.issueToken(for: "octocat"), login: "octocat"))

            let fromEnvironment = Authenticator(credentials: client.credentials, tokenStore: stored, api: client, environmentToken: envToken)
            await fromEnvironment.restore()
            #expect(fromEnvironment.account?.source == .environment)
            #expect(fromEnvironment.account?.login == "mojombo")
            #expect(client.credentials.token == envToken)
            #expect(!fromEnvironment.canSignOut)

            let fromKeyring = Authenticator(credentials: client.credentials, tokenStore: stored, api: client, environmentToken: nil)
            await fromKeyring.restore()
            #expect(fromKeyring.account?.login == "octocat" && fromKeyring.account?.source == .keyring, "known from the keyring, before any request")
            let avatar = try await client.user(login: "octocat").avatarURL
            #expect(await eventually { fromKeyring.account?.avatarURL == avatar }, "the header's avatar comes from GET /user")
            let kept = try stored.load()
            #expect(client.credentials.token == kept?.token)

            client.credentials.token = nil
            let none = Authenticator(credentials: client.credentials, tokenStore: InMemoryTokenStore(), api: client, environmentToken: nil)
            await none.restore()
            #expect(none.account == nil)
            #expect(client.credentials.token == nil)
        }
    }

    @Test func signInKeepsTheTokenInTheKeyringAndSignOutRemovesIt() async throws {
        try await withLiveDouble { server, client in
            let store = InMemoryTokenStore()
            let authenticator = Authenticator(credentials: client.credentials, tokenStore: store, api: client, environmentToken: nil)
            let token = server.issueToken(for: "octocat")
            let profile = try await authenticator.validate("  \(token)\n")
            #expect(profile.login == "octocat")
            await authenticator.signIn(token: token, profile: profile)
            #expect(try store.load() == StoredToken(token: token, login: "octocat"))
            #expect(authenticator.account?.source == .keyring)
            await authenticator.signOut()
            #expect(try store.load() == nil)
            #expect(client.credentials.token == nil)
        }
    }

    @Test func aBadTokenIsUnauthorized() async throws {
        try await withLiveDouble { _, client in
            let authenticator = Authenticator(credentials: client.credentials, tokenStore: InMemoryTokenStore(), api: client, environmentToken: nil)
            let error = await thrownError { try await authenticator.validate("ghp_not_a_real_token") }
            #expect(error == .unauthorized(message: "Bad credentials"))
        }
    }

    @Test func withNoKeyringTheTokenLastsForTheSessionAndTheAppSaysWhy() async throws {
        try await withLiveDouble(searchLimit: nil) { server, client in
            let store = InMemoryTokenStore(failure: .unavailable("org.freedesktop.secrets was not provided by any .service files"))
            let authenticator = Authenticator(credentials: client.credentials, tokenStore: store, api: client, environmentToken: nil)
            let token = server.issueToken(for: "octocat")
            await authenticator.signIn(token: token, profile: try await authenticator.validate(token))
            #expect(authenticator.account?.source == .session)
            #expect(authenticator.keyringProblem?.contains("No keyring") == true)
            #expect(client.credentials.token == token)
            // Signed in for real: requests carry the token and GitHub's higher limit applies.
            _ = try await client.searchUsers(UserSearchRequest(query: query("tom")))
            #expect(server.receivedRequests.last?.headers["authorization"] == "Bearer \(token)")
            #expect(client.rateLimits.bucket("search")?.limit == 30, "signed in, the search limit rises from 10 to 30")
        }
    }

    @Test func theTokenNeverAppearsInLogsErrorsOrAvatarRequests() async throws {
        let server = try await GitHubFixtureServer()
        let token = server.issueToken(for: "octocat")
        let logs = LogCapture()
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: server.baseURL, token: token), logger: logs.logger)
        let page = try await client.searchUsers(UserSearchRequest(query: query("octocat")))
        _ = try await client.avatar(try #require(page.users.first?.avatarURL), pixelSize: 64)
        server.expireToken(token)
        let error = await thrownError { try await client.user(login: "octocat") }
        #expect(error == .unauthorized(message: "Bad credentials"))
        #expect(!(error?.localizedDescription.contains(token) ?? true))
        #expect(!logs.text.isEmpty)
        #expect(!logs.text.contains(token))
        #expect(!client.credentials.description.contains(token))
        #expect(server.receivedRequests.filter { $0.route == .avatar }.allSatisfy { $0.headers["authorization"] == nil })
        await server.stop()
    }
}
