import Foundation
import Testing
@testable import GitHubFixtureServer

/// Setting and seeing follows from a test (in process and over `/_fixture`), and two doubles at
/// once whose ids collide.
@Suite("Fixture following control")
struct FixtureFollowingControlTests {
    @Test func fiveThousandFollowsPageAsFiftyPagesOfAHundred() async throws {
        let server = try await GitHubFixtureServer()
        try server.setFollowing(of: "octocat", count: 5_000)
        let first = try await FixtureHTTP.get(server, "/user/following?per_page=100", token: GitHubFixtureServer.demoToken)
        #expect(first.headers["link"]?.contains("/user/following?per_page=100&page=50>; rel=\"last\"") == true)
        var logins: [String] = []
        for page in 1...50 {
            let response = try await FixtureHTTP.get(server, "/user/following?per_page=100&page=\(page)", token: GitHubFixtureServer.demoToken)
            #expect(response.array.count == 100)
            logins += response.array.compactMap { $0["login"] as? String }
        }
        #expect(Set(logins).count == 5_000 && !logins.contains("octocat"))
        #expect(logins.last == "mojombo")
        #expect(try await FixtureHTTP.get(server, "/users/octocat").object["following"] as? Int == 5_000)
        #expect(try await FixtureHTTP.get(server, "/users/mojombo/followers").array.first?["login"] as? String == "octocat")
        #expect(throws: FixtureServerError.tooFewAccounts(available: 5_207)) { try server.setFollowing(of: "octocat", count: 6_000) }
        #expect(throws: FixtureServerError.unknownAccount("no-such-account")) { try server.setFollowing(of: "no-such-account", count: 1) }
        try server.setFollowing(of: "octocat", count: 0)
        #expect(try await FixtureHTTP.get(server, "/user/following", token: GitHubFixtureServer.demoToken).array.isEmpty)
        #expect(try await FixtureHTTP.get(server, "/users/mojombo/following/octocat").status == 404)
        await server.stop()
    }

    @Test func theControlAPISetsAndShowsFollows() async throws {
        let server = try await GitHubFixtureServer()
        let set = try await FixtureHTTP.send(server, "POST", "/_fixture/following", body: Data(#"{"login":"defunkt","count":3}"#.utf8))
        #expect(set.status == 200)
        let shown = try await FixtureHTTP.get(server, "/_fixture/following/defunkt")
        #expect(shown.object["following"] as? [String] == ["octocat", "mojombo", "torvalds"])
        let issued = try await FixtureHTTP.send(server, "POST", "/_fixture/tokens", body: Data(#"{"login":"defunkt","fine_grained":true,"can_follow":true}"#.utf8))
        let token = try #require(issued.object["token"] as? String)
        #expect(try await FixtureHTTP.send(server, "PUT", "/user/following/tomchristie", token: token).status == 204)
        #expect(try await FixtureHTTP.get(server, "/_fixture/following/defunkt").object["following"] as? [String] == ["octocat", "mojombo", "torvalds", "tomchristie"])
        #expect(try await FixtureHTTP.send(server, "POST", "/_fixture/following", body: Data(#"{"login":"nobody-here","count":3}"#.utf8)).status == 404)
        #expect(try await FixtureHTTP.send(server, "POST", "/_fixture/following", body: Data(#"{"login":"defunkt","count":9999}"#.utf8)).status == 422)
        #expect(try await FixtureHTTP.send(server, "POST", "/_fixture/following", body: Data(#"{"login":"defunkt"}"#.utf8)).status == 400)
        await server.stop()
    }

    @Test func followingSeveralAtOnceKeepsTheirOrder() async throws {
        let server = try await GitHubFixtureServer()
        try #require(server.following(of: "mojombo").allSatisfy { !["mike", "octocat"].contains($0) })
        try server.follow(["mike", "octocat"], by: "mojombo")
        #expect(server.following(of: "mojombo").suffix(2) == ["mike", "octocat"])
        #expect(throws: FixtureServerError.unknownAccount("no-such-account")) { try server.follow(["no-such-account"], by: "mojombo") }
        await server.stop()
    }

    @Test func twoDoublesAtOnceServeTheSameIDsAsOtherAccounts() async throws {
        let github = try await GitHubFixtureServer()
        let enterprise = try await GitHubFixtureServer(data: .enterprise)
        let here = try await FixtureHTTP.get(github, "/users/octocat").object
        let there = try await FixtureHTTP.get(enterprise, "/users/octocat").object
        #expect(here["id"] as? Int == 1125)
        #expect(there["id"] as? Int != 1125 && there["login"] as? String == "octocat")
        let ownerHere = try await FixtureHTTP.get(github, "/user/1125/repos?per_page=1").array.first?["owner"] as? [String: Any]
        let ownerThere = try await FixtureHTTP.get(enterprise, "/user/1125/repos?per_page=1").array.first?["owner"] as? [String: Any]
        #expect(ownerHere?["login"] as? String == "octocat" && ownerThere?["login"] as? String == "mojombo")
        let token = enterprise.issueToken(for: "octocat", scopes: ["user:follow"])
        #expect(try await FixtureHTTP.get(enterprise, "/user", token: token).object["id"] as? Int == there["id"] as? Int)
        #expect(try await FixtureHTTP.send(enterprise, "PUT", "/user/following/mojombo", token: token).status == 204)
        #expect(enterprise.following(of: "octocat").last == "mojombo")
        #expect(!github.following(of: "octocat").contains("mojombo"))
        await github.stop()
        await enterprise.stop()
    }
}
