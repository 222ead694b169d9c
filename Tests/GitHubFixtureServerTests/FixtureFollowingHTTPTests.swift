import Foundation
import Testing
@testable import GitHubFixtureServer

/// Followers and following over real HTTP: lists and their paging, profile counts, tokens, scopes.
@Suite("Fixture following over HTTP")
struct FixtureFollowingHTTPTests {
    /// Every login of a list, page after page, following each `next` Link verbatim.
    func walk(_ server: GitHubFixtureServer, _ target: String, token: String? = nil) async throws -> (logins: [String], pages: Int) {
        var next: String? = target
        var logins: [String] = []
        var pages = 0
        while let target = next {
            let page = try await FixtureHTTP.get(server, target, token: token)
            try #require(page.status == 200)
            logins += page.array.compactMap { $0["login"] as? String }
            pages += 1
            next = Self.link(page, "next").map { String($0.dropFirst(server.baseURL.absoluteString.count)) }
        }
        return (logins, pages)
    }

    static func link(_ response: FixtureHTTP.Response, _ rel: String) -> String? {
        let entry = response.headers["link"]?.components(separatedBy: ", ").first { $0.hasSuffix("rel=\"\(rel)\"") }
        return entry.map { String($0.dropFirst().prefix { $0 != ">" }) }
    }

    struct Counts: Equatable {
        var followers: Int?
        var following: Int?
    }

    /// The counts `GET /users/{login}` shows.
    func profile(_ server: GitHubFixtureServer, _ login: String) async throws -> Counts {
        let object = try await FixtureHTTP.get(server, "/users/\(login)").object
        return Counts(followers: object["followers"] as? Int, following: object["following"] as? Int)
    }

    @Test func octocatsFollowingPagesLikeGitHubsListsAndAgreesWithTheProfile() async throws {
        let server = try await GitHubFixtureServer()
        let first = try await FixtureHTTP.get(server, "/users/octocat/following")
        #expect(first.array.count == 30)
        #expect(first.array.first?["html_url"] as? String != nil && first.array.first?["type"] as? String != nil)
        #expect(Self.link(first, "next")?.hasSuffix("/user/1125/following?per_page=30&page=2") == true)
        #expect(Self.link(first, "last")?.hasSuffix("/user/1125/following?per_page=30&page=9") == true)
        #expect(Self.link(first, "prev") == nil && Self.link(first, "first") == nil)
        let walked = try await walk(server, "/users/octocat/following?per_page=100")
        #expect(walked.pages == 3)
        #expect(walked.logins.count == 250 && Set(walked.logins).count == 250)
        #expect(walked.logins == server.following(of: "octocat").reversed())
        let followers = try await walk(server, "/users/octocat/followers")
        #expect(try await profile(server, "octocat") == Counts(followers: followers.logins.count, following: 250))
        #expect(followers.logins.count == 2)
        await server.stop()
    }

    @Test func theSignedInListsAreTheAccountsOwnAndAgreeWithUser() async throws {
        let server = try await GitHubFixtureServer()
        let token = server.issueToken(for: "kazosun671")
        let mine = try await FixtureHTTP.get(server, "/user/followers?per_page=100&page=2", token: token)
        let theirs = try await FixtureHTTP.get(server, "/users/kazosun671/followers?per_page=100&page=2")
        #expect(mine.array.compactMap { $0["login"] as? String } == theirs.array.compactMap { $0["login"] as? String })
        let link = try #require(mine.headers["link"])
        #expect(link.contains("/user/followers?per_page=100&page=1>; rel=\"prev\", <"))
        #expect(link.hasSuffix("/user/followers?per_page=100&page=31>; rel=\"last\", <\(server.baseURL.absoluteString)/user/followers?per_page=100&page=1>; rel=\"first\""))
        let followers = try await walk(server, "/user/followers?per_page=100", token: token)
        let following = try await walk(server, "/user/following?per_page=100", token: token)
        #expect(followers.pages == 31 && Set(followers.logins).count == 3_074)
        let me = try await FixtureHTTP.get(server, "/user", token: token).object
        #expect(me["followers"] as? Int == followers.logins.count)
        #expect(me["following"] as? Int == following.logins.count)
        #expect(try await profile(server, "kazosun671") == Counts(followers: 3_074, following: following.logins.count))
        await server.stop()
    }

    @Test func followingChecksListsAndUnfollowsIdempotently() async throws {
        let server = try await GitHubFixtureServer()
        let token = server.issueToken(for: "mojombo", scopes: ["public_repo", "user:follow"])
        try #require(!server.following(of: "mojombo").contains("octocat"))
        let before = (mojombo: try await profile(server, "mojombo"), octocat: try await profile(server, "octocat"))
        #expect(try await FixtureHTTP.get(server, "/user/following/octocat", token: token).status == 404)
        let put = try await FixtureHTTP.send(server, "PUT", "/user/following/octocat", token: token, headers: ["Content-Length": "0"])
        #expect(put.status == 204 && put.body.isEmpty)
        #expect(put.headers["x-oauth-scopes"] == "public_repo, user:follow")
        #expect(put.headers["x-accepted-oauth-scopes"] == "user, user:follow")
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/following/OctoCat", token: token).status == 204)
        #expect(try await FixtureHTTP.get(server, "/user/following/octocat", token: token).status == 204)
        #expect(try await FixtureHTTP.get(server, "/users/mojombo/following/octocat").status == 204)
        #expect(try await FixtureHTTP.get(server, "/user/following", token: token).array.first?["login"] as? String == "octocat")
        #expect(try await FixtureHTTP.get(server, "/users/octocat/followers").array.first?["login"] as? String == "mojombo")
        #expect(try await profile(server, "mojombo").following == before.mojombo.following.map { $0 + 1 })
        #expect(try await profile(server, "octocat").followers == before.octocat.followers.map { $0 + 1 })
        #expect(try await FixtureHTTP.send(server, "DELETE", "/user/following/octocat", token: token).status == 204)
        #expect(try await FixtureHTTP.send(server, "DELETE", "/user/following/octocat", token: token).status == 204)
        #expect(try await FixtureHTTP.get(server, "/user/following/octocat", token: token).status == 404)
        #expect(try await FixtureHTTP.get(server, "/users/mojombo/following/octocat").status == 404)
        #expect(try await profile(server, "mojombo") == before.mojombo)
        #expect(try await profile(server, "octocat") == before.octocat)
        await server.stop()
    }

    @Test func withoutUserFollowFollowingIsNotFoundAndChangesNothing() async throws {
        let server = try await GitHubFixtureServer()
        let token = server.issueToken(for: "mojombo", scopes: ["public_repo"])
        let followed = try #require(server.following(of: "mojombo").first)
        let put = try await FixtureHTTP.send(server, "PUT", "/user/following/octocat", token: token)
        #expect(put.status == 404)
        #expect(put.object["message"] as? String == "Not Found")
        #expect(put.headers["x-accepted-oauth-scopes"] == "user, user:follow")
        #expect(put.headers["x-oauth-scopes"] == "public_repo")
        #expect(try await FixtureHTTP.send(server, "DELETE", "/user/following/\(followed)", token: token).status == 404)
        #expect(server.following(of: "mojombo").first == followed && !server.following(of: "mojombo").contains("octocat"))
        #expect(try await FixtureHTTP.get(server, "/user/following/\(followed)", token: token).status == 204)
        #expect(try await FixtureHTTP.get(server, "/user/following", token: token).status == 200)
        let user = server.issueToken(for: "mojombo", scopes: ["user"])
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/following/octocat", token: user).status == 204)
        #expect(server.following(of: "mojombo").last == "octocat")
        await server.stop()
    }

    @Test func aFineGrainedTokenWithoutFollowersIsForbidden() async throws {
        let server = try await GitHubFixtureServer()
        let denied = try await FixtureHTTP.send(server, "PUT", "/user/following/octocat", token: server.issueFineGrainedToken(for: "mojombo", canStar: true))
        #expect(denied.status == 403)
        #expect(denied.object["message"] as? String == "Resource not accessible by personal access token")
        #expect(denied.headers["x-accepted-github-permissions"] == "followers=write")
        #expect(denied.headers["x-oauth-scopes"] == nil)
        let allowed = server.issueFineGrainedToken(for: "mojombo", canStar: false, canFollow: true)
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/following/octocat", token: allowed).status == 204)
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/following/octocat", token: GitHubFixtureServer.demoToken).status == 204)
        await server.stop()
    }

    @Test func anonymousRequestsAndUnknownAccountsAreRefused() async throws {
        let server = try await GitHubFixtureServer()
        for target in ["/user/following", "/user/followers", "/user/following/octocat"] {
            let response = try await FixtureHTTP.get(server, target)
            #expect(response.status == 401 && response.object["message"] as? String == "Requires authentication", "\(target)")
        }
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/following/octocat").status == 401)
        #expect(try await FixtureHTTP.get(server, "/users/octocat/followers").status == 200)
        #expect(try await FixtureHTTP.get(server, "/users/no-such-account/followers").status == 404)
        #expect(try await FixtureHTTP.get(server, "/users/no-such-account/following").status == 404)
        #expect(try await FixtureHTTP.get(server, "/users/octocat/following/no-such-account").status == 404)
        let token = server.issueToken(for: "mojombo", scopes: ["user:follow"])
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/following/no-such-account", token: token).status == 404)
        await server.stop()
    }

    @Test func followingOneselfAnswers204AndChangesNothing() async throws {
        let server = try await GitHubFixtureServer()
        let token = server.issueToken(for: "mojombo", scopes: ["user:follow"])
        let before = try await profile(server, "mojombo")
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/following/mojombo", token: token).status == 204)
        #expect(try await FixtureHTTP.get(server, "/user/following/mojombo", token: token).status == 404)
        #expect(try await profile(server, "mojombo") == before)
        await server.stop()
    }

    @Test func faultsAndCountsUseTheFollowRoutes() async throws {
        let server = try await GitHubFixtureServer()
        let token = server.issueToken(for: "mojombo", scopes: ["user:follow"])
        server.inject(FixtureFault(.serverError, route: .following, status: 502, remaining: 1))
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/following/octocat", token: token).status == 502)
        #expect(!server.following(of: "mojombo").contains("octocat"))
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/following/octocat", token: token).status == 204)
        #expect(try await FixtureHTTP.get(server, "/user/followers", token: token).status == 200)
        #expect(try await FixtureHTTP.get(server, "/user/1125/following").status == 200)
        server.inject(FixtureFault(.primaryLimitExhausted, route: .userFollowers, remaining: 1))
        let limited = try await FixtureHTTP.get(server, "/users/octocat/followers")
        #expect(limited.status == 403 && limited.headers["x-ratelimit-remaining"] == "0")
        #expect(server.requestCount(.following) == 2)
        #expect(server.requestCount(.userFollowers) == 1)
        #expect(server.requestCount(.followers) == 1)
        #expect(server.requestCount(.userFollowing) == 1)
        let stats = try await FixtureHTTP.get(server, "/_fixture/stats").object["requests"] as? [String: Int]
        #expect(stats?["following"] == 2 && stats?["user_followers"] == 1 && stats?["user_following"] == 1 && stats?["followers"] == 1)
        await server.stop()
    }
}
