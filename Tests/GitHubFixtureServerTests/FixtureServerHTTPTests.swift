import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing
@testable import GitHubFixtureServer

/// The double over real HTTP, spoken to with plain URLSession as any client would.
@Suite("Fixture server over HTTP")
struct FixtureServerHTTPTests {
    func get(_ server: GitHubFixtureServer, _ target: String, headers: [String: String] = [:]) async throws -> (Int, [String: String], Data) {
        let response = try await FixtureHTTP.get(server, target, headers: headers)
        return (response.status, response.headers, response.body)
    }

    @Test func searchServesGitHubsEnvelopeLinksAndRateHeaders() async throws {
        let server = try await GitHubFixtureServer()
        let (status, headers, body) = try await get(server, "/search/users?q=tom&per_page=5&page=2")
        #expect(status == 200)
        let json = try JSONSerialization.jsonObject(with: body) as! [String: Any]
        #expect((json["items"] as! [Any]).count == 5)
        #expect(json["total_count"] as! Int > 10)
        let link = try #require(headers["link"])
        for rel in ["prev", "next", "last", "first"] { #expect(link.contains("rel=\"\(rel)\"")) }
        #expect(link.contains("q=tom&per_page=5&page=3"))
        #expect(headers["x-ratelimit-limit"] == "10")
        #expect(headers["x-ratelimit-remaining"] == "9")
        #expect(headers["x-ratelimit-resource"] == "search")
        #expect(server.requestCount(.search) == 1)
        await server.stop()
    }

    @Test func theSearchLimitRunsOutWithA403AndZeroRemaining() async throws {
        let server = try await GitHubFixtureServer(searchLimit: 1)
        _ = try await get(server, "/search/users?q=a")
        let (status, headers, body) = try await get(server, "/search/users?q=a")
        #expect(status == 403)
        #expect(headers["x-ratelimit-remaining"] == "0")
        #expect(String(decoding: body, as: UTF8.self).contains("API rate limit exceeded"))
        #expect(Int(headers["x-ratelimit-reset"] ?? "") == Int(server.quotaResetsAt("search").timeIntervalSince1970))
        await server.stop()
    }

    @Test func profilesCarryAnETagAndA304IsFree() async throws {
        let server = try await GitHubFixtureServer()
        let (_, headers, _) = try await get(server, "/users/octocat")
        let etag = try #require(headers["etag"])
        let (status, again, body) = try await get(server, "/users/octocat", headers: ["If-None-Match": etag])
        #expect(status == 304)
        #expect(body.isEmpty)
        #expect(again["x-ratelimit-used"] == "1")
        #expect(server.quotaUsed("core") == 1)
        await server.stop()
    }

    @Test func anUnsupportedAPIVersionIs400() async throws {
        let server = try await GitHubFixtureServer()
        let (status, _, _) = try await get(server, "/users/octocat", headers: ["X-GitHub-Api-Version": "1999-01-01"])
        #expect(status == 400)
        await server.stop()
    }

    @Test func faultsCanBeSwitchedOverHTTPAndStatsRead() async throws {
        let server = try await GitHubFixtureServer()
        let fault = try JSONEncoder().encode(FixtureFault(.serverError, route: .user, status: 502, remaining: 1))
        #expect(try await FixtureHTTP.send(server, "POST", "/_fixture/faults", body: fault).status == 201)
        #expect(try await get(server, "/users/octocat").0 == 502)
        #expect(try await get(server, "/users/octocat").0 == 200)
        let stats = try #require(try JSONSerialization.jsonObject(with: try await get(server, "/_fixture/stats").2) as? [String: Any])
        #expect((stats["requests"] as? [String: Int])?["user"] == 2)
        #expect((stats["images"] as? [String])?.isEmpty == true, "no README image was asked for")
        await server.stop()
    }
}
