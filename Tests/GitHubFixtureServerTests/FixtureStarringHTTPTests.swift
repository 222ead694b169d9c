import Foundation
import Testing
@testable import GitHubFixtureServer

/// `/user/starred` over real HTTP: tokens, scopes, paging and what the control API shows.
@Suite("Fixture starring over HTTP")
struct FixtureStarringHTTPTests {
    @Test func aTokenWithPublicRepoStarsChecksListsAndUnstars() async throws {
        let server = try await GitHubFixtureServer()
        let token = server.issueToken(for: "mojombo", scopes: ["public_repo"])
        #expect(try await FixtureHTTP.get(server, "/user/starred/octocat/Hello-World", token: token).status == 404)
        let put = try await FixtureHTTP.send(server, "PUT", "/user/starred/octocat/Hello-World", token: token)
        #expect(put.status == 204 && put.body.isEmpty)
        #expect(put.headers["x-oauth-scopes"] == "public_repo")
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/starred/octocat/hello-world", token: token).status == 204)
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/starred/torvalds/linux", token: token).status == 204)
        #expect(try await FixtureHTTP.get(server, "/user/starred/octocat/Hello-World", token: token).status == 204)
        #expect(server.starredRepositories(of: "mojombo") == ["octocat/Hello-World", "torvalds/linux"])
        let list = try await FixtureHTTP.get(server, "/user/starred", token: token)
        #expect(list.items.compactMap { $0["full_name"] as? String } == ["torvalds/linux", "octocat/Hello-World"])
        let dated = try await FixtureHTTP.get(server, "/user/starred", token: token, headers: ["Accept": "application/vnd.github.star+json"])
        #expect(dated.array.first?["starred_at"] is String)
        #expect(try await FixtureHTTP.send(server, "DELETE", "/user/starred/torvalds/linux", token: token).status == 204)
        #expect(try await FixtureHTTP.send(server, "DELETE", "/user/starred/torvalds/linux", token: token).status == 204)
        #expect(server.starredRepositories(of: "mojombo") == ["octocat/Hello-World"])
        #expect(server.starredRepositories(of: "octocat").isEmpty)
        await server.stop()
    }

    @Test func withoutTheScopeStarringIsNotFoundAndChangesNothing() async throws {
        let server = try await GitHubFixtureServer()
        let token = server.issueToken(for: "mojombo", scopes: ["read:user"])
        let put = try await FixtureHTTP.send(server, "PUT", "/user/starred/octocat/Hello-World", token: token)
        #expect(put.status == 404)
        #expect(put.headers["x-accepted-oauth-scopes"] == "public_repo, repo")
        #expect(try await FixtureHTTP.send(server, "DELETE", "/user/starred/octocat/Hello-World", token: token).status == 404)
        #expect(try await FixtureHTTP.get(server, "/user/starred", token: token).status == 200)
        let repo = server.issueToken(for: "mojombo", scopes: ["repo"])
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/starred/octocat/Hello-World", token: repo).status == 204)
        #expect(server.starredRepositories(of: "mojombo") == ["octocat/Hello-World"])
        await server.stop()
    }

    @Test func aFineGrainedTokenWithoutStarringIsForbidden() async throws {
        let server = try await GitHubFixtureServer()
        let denied = try await FixtureHTTP.send(server, "PUT", "/user/starred/octocat/Hello-World", token: server.issueFineGrainedToken(for: "mojombo", canStar: false))
        #expect(denied.status == 403)
        #expect(denied.object["message"] as? String == "Resource not accessible by personal access token")
        #expect(denied.headers["x-oauth-scopes"] == nil)
        let allowed = server.issueFineGrainedToken(for: "mojombo", canStar: true)
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/starred/octocat/Hello-World", token: allowed).status == 204)
        await server.stop()
    }

    @Test func anonymousRequestsAndUnknownRepositoriesAreRefused() async throws {
        let server = try await GitHubFixtureServer()
        #expect(try await FixtureHTTP.get(server, "/user/starred").status == 401)
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/starred/octocat/Hello-World").status == 401)
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/starred/octocat/nope", token: server.issueToken(for: "mojombo")).status == 404)
        await server.stop()
    }

    @Test func theListPagesWithLinks() async throws {
        let server = try await GitHubFixtureServer()
        let token = server.issueToken(for: "mojombo")
        for name in ["Hello-World", "Spoon-Knife", "octo-template"] {
            _ = try await FixtureHTTP.send(server, "PUT", "/user/starred/octocat/\(name)", token: token)
        }
        let first = try await FixtureHTTP.get(server, "/user/starred?per_page=2", token: token)
        #expect(first.array.count == 2)
        let link = try #require(first.headers["link"])
        #expect(link.contains("/user/starred?per_page=2&page=2>; rel=\"next\""))
        let second = try await FixtureHTTP.get(server, "/user/starred?per_page=2&page=2", token: token)
        #expect(second.array.compactMap { $0["name"] as? String } == ["Hello-World"])
        let ascending = try await FixtureHTTP.get(server, "/user/starred?direction=asc", token: token)
        #expect(ascending.array.first?["name"] as? String == "Hello-World")
        await server.stop()
    }

    @Test func theControlAPIIssuesTokensAndShowsStars() async throws {
        let server = try await GitHubFixtureServer()
        let issued = try await FixtureHTTP.send(server, "POST", "/_fixture/tokens", body: Data(#"{"login":"defunkt","scopes":[]}"#.utf8))
        #expect(issued.status == 201)
        let bare = try #require(issued.object["token"] as? String)
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/starred/torvalds/linux", token: bare).status == 404)
        let scoped = try await FixtureHTTP.send(server, "POST", "/_fixture/tokens", body: Data(#"{"login":"defunkt"}"#.utf8))
        let token = try #require(scoped.object["token"] as? String)
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/starred/torvalds/linux", token: token).status == 204)
        let stars = try await FixtureHTTP.get(server, "/_fixture/starred/defunkt")
        #expect(stars.object["starred"] as? [String] == ["torvalds/linux"])
        await server.stop()
    }

    @Test func starringFaultsAndCountsUseTheStarredRoute() async throws {
        let server = try await GitHubFixtureServer()
        let token = server.issueToken(for: "mojombo")
        server.inject(FixtureFault(.serverError, route: .starred, status: 502, remaining: 1))
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/starred/torvalds/linux", token: token).status == 502)
        #expect(server.starredRepositories(of: "mojombo").isEmpty)
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/starred/torvalds/linux", token: token).status == 204)
        #expect(server.requestCount(.starred) == 2)
        await server.stop()
    }
}
