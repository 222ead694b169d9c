import Foundation
import Testing
@testable import GitHubFixtureServer

/// `/search/repositories`, `/repos/{owner}/{repo}` and its languages over real HTTP.
@Suite("Fixture repositories over HTTP")
struct FixtureRepositoryHTTPTests {
    @Test func searchServesGitHubsShapeWithLinksAndTheSearchQuota() async throws {
        let server = try await GitHubFixtureServer()
        let response = try await FixtureHTTP.get(server, "/search/repositories?q=gtk&sort=stars&per_page=5&page=2")
        #expect(response.status == 200)
        #expect(response.headers["cache-control"] == "no-cache")
        #expect(response.headers["x-ratelimit-resource"] == "search")
        #expect(response.object["incomplete_results"] as? Bool == false)
        #expect(response.object["total_count"] as? Int ?? 0 > 10)
        let item = try #require(response.items.first)
        for key in ["id", "node_id", "name", "full_name", "private", "owner", "html_url", "description", "fork", "url", "created_at", "updated_at",
                    "pushed_at", "homepage", "size", "stargazers_count", "watchers_count", "language", "forks_count", "open_issues_count",
                    "archived", "is_template", "topics", "license", "default_branch", "score"] {
            #expect(item.keys.contains(key), "\(key)")
        }
        #expect((item["owner"] as? [String: Any])?["login"] is String)
        let stars = response.items.compactMap { $0["stargazers_count"] as? Int }
        #expect(stars.count == 5 && stars == stars.sorted(by: >))
        let link = try #require(response.headers["link"])
        for rel in ["prev", "next", "last", "first"] { #expect(link.contains("rel=\"\(rel)\"")) }
        #expect(link.contains("/search/repositories?q=gtk&sort=stars&order=desc&per_page=5&page=3>; rel=\"next\""))
        await server.stop()
    }

    @Test func usersAndRepositoriesSpendOneSearchBucket() async throws {
        let server = try await GitHubFixtureServer(searchLimit: 2)
        #expect(try await FixtureHTTP.get(server, "/search/users?q=tom").headers["x-ratelimit-remaining"] == "1")
        #expect(try await FixtureHTTP.get(server, "/search/repositories?q=tom").headers["x-ratelimit-remaining"] == "0")
        let refused = try await FixtureHTTP.get(server, "/search/repositories?q=tom")
        #expect(refused.status == 403 && refused.headers["x-ratelimit-remaining"] == "0")
        #expect(server.quotaUsed("search") == 2)
        await server.stop()
    }

    @Test func theCapMissingQueriesAndPerPageAreGitHubs() async throws {
        let server = try await GitHubFixtureServer(searchLimit: 100)
        let last = try await FixtureHTTP.get(server, "/search/repositories?q=a&per_page=100&page=10")
        #expect(last.status == 200 && last.items.count == 100)
        #expect(last.headers["link"]?.contains("rel=\"next\"") == false)
        let past = try await FixtureHTTP.get(server, "/search/repositories?q=a&per_page=100&page=11")
        #expect(past.status == 422)
        #expect(past.object["message"] as? String == "Only the first 1000 search results are available")
        for query in ["", "q=", "q=%20%20"] {
            let missing = try await FixtureHTTP.get(server, "/search/repositories?" + query)
            #expect(missing.status == 422)
            #expect((missing.object["errors"] as? [[String: String]])?.first?["code"] == "missing")
        }
        #expect(try await FixtureHTTP.get(server, "/search/repositories?q=a&per_page=500").items.count == 100)
        #expect(try await FixtureHTTP.get(server, "/search/repositories?q=nothing-matches-this-at-all").headers["link"] == nil)
        await server.stop()
    }

    @Test func searchFaultsAreTheUsersOnes() async throws {
        let server = try await GitHubFixtureServer()
        server.inject(FixtureFault(.serverError, route: .searchRepositories, status: 503, remaining: 1))
        #expect(try await FixtureHTTP.get(server, "/search/users?q=tom").status == 200)
        #expect(try await FixtureHTTP.get(server, "/search/repositories?q=tom").status == 503)
        server.inject(FixtureFault(.secondaryLimit, route: .searchRepositories, retryAfter: 7, remaining: 1))
        #expect(try await FixtureHTTP.get(server, "/search/repositories?q=tom").headers["retry-after"] == "7")
        server.inject(FixtureFault(.primaryLimitExhausted, route: .searchRepositories, remaining: 1))
        let exhausted = try await FixtureHTTP.get(server, "/search/repositories?q=tom")
        #expect(exhausted.status == 403 && exhausted.headers["x-ratelimit-resource"] == "search")
        #expect(server.requestCount(.searchRepositories) == 3)
        await server.stop()
    }

    @Test func aRepositoryHasItsParentAndA304IsFree() async throws {
        let server = try await GitHubFixtureServer()
        let fork = try await FixtureHTTP.get(server, "/repos/defunkt/hello-world")
        #expect(fork.status == 200)
        #expect(fork.object["full_name"] as? String == "defunkt/Hello-World")
        #expect((fork.object["parent"] as? [String: Any])?["full_name"] as? String == "octocat/Hello-World")
        #expect(fork.object["subscribers_count"] is Int)
        let etag = try #require(fork.headers["etag"])
        let again = try await FixtureHTTP.get(server, "/repos/defunkt/hello-world", headers: ["If-None-Match": etag])
        #expect(again.status == 304 && again.body.isEmpty)
        #expect(server.quotaUsed("core") == 1)
        let korean = try await FixtureHTTP.get(server, "/repos/octocat/" + FixtureHTTP.segment("안녕하세요-세계"))
        #expect(korean.object["license"].flatMap { $0 as? [String: Any] }?["spdx_id"] as? String == "MIT")
        let missing = try await FixtureHTTP.get(server, "/repos/octocat/no-such-repository")
        #expect(missing.status == 404 && missing.object["message"] as? String == "Not Found")
        await server.stop()
    }

    @Test func languagesAreBytesPerLanguageLargestFirst() async throws {
        let server = try await GitHubFixtureServer()
        let linux = try await FixtureHTTP.get(server, "/repos/torvalds/linux/languages")
        #expect(linux.status == 200)
        let text = String(decoding: linux.body, as: UTF8.self)
        #expect(text.hasPrefix("{\"C\":"))
        #expect(try await FixtureHTTP.get(server, "/repos/torvalds/linux/languages").body == linux.body)
        #expect(try await FixtureHTTP.get(server, "/repos/octocat/Hello-World/languages").body == Data("{}".utf8))
        #expect(try await FixtureHTTP.get(server, "/repos/octocat/nope/languages").status == 404)
        await server.stop()
    }
}
