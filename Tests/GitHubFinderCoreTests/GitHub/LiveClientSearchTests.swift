import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// The live client against the GitHub double over real HTTP on loopback: searching and paging.
@Suite("Live client: search")
struct LiveClientSearchTests {
    @Test func searchFindsUsersWithTheRightHeadersSent() async throws {
        try await withLiveDouble { server, client in
            let page = try await client.searchUsers(UserSearchRequest(query: query("octocat")))
            #expect(page.users.first?.login == "octocat")
            #expect(page.users.first?.avatarURL?.host == "127.0.0.1")
            let request = try #require(server.receivedRequests.last)
            #expect(request.headers["accept"] == "application/vnd.github+json")
            #expect(request.headers["x-github-api-version"] == "2022-11-28")
            #expect(request.headers["user-agent"]?.hasPrefix("GitHubFinder/") == true)
            #expect(request.headers["authorization"] == nil)
        }
    }

    @Test(arguments: [
        "tom location:berlin", "c++ & c# +plus", "a+b", "#hash&amp=1", "location:\"São Paulo\" followers:>100",
        "repos:>=10 type:org", "emoji 😀🚀 naïve", "100% ?q=x/y", "quote's \"double\"", "tab\tand  two  spaces",
    ])
    func awkwardQueriesArriveExactlyAsTyped(_ text: String) async throws {
        try await withLiveDouble { server, client in
            _ = try? await client.searchUsers(UserSearchRequest(query: query(text)))
            #expect(server.receivedRequests.last?.queryValue("q") == text)
        }
    }

    @Test func blankAndAbsurdQueriesNeverReachTheNetwork() async throws {
        #expect(SearchQuery("") == nil)
        #expect(SearchQuery("   \n\t ") == nil)
        try await withLiveDouble { server, client in
            let huge = String(repeating: "x", count: 100_000)
            let error = await thrownError { try await client.searchUsers(UserSearchRequest(query: query(huge))) }
            guard case .validationFailed = error else { Issue.record("got \(String(describing: error))"); return }
            #expect(server.requestCount(.search) == 0)
        }
    }

    @Test func pagingFollowsNextLinksToTheThousandResultCap() async throws {
        try await withLiveDouble { server, client in
            var results = UserSearchResults(firstPage: try await client.searchUsers(UserSearchRequest(query: query("a"), perPage: 100)))
            var pages = 1
            while let next = results.next {
                results.append(try await client.searchUsers(page: next))
                pages += 1
            }
            #expect(pages == 10)
            #expect(results.users.count == 1_000)
            #expect(Set(results.users.map(\.id)).count == 1_000)
            #expect(results.totalCount > 1_000)
            #expect(results.isCappedByGitHub)
            #expect(server.requestCount(.search) == 10)
        }
    }

    @Test func aPagePastTheCapIsGitHubsOwn422Message() async throws {
        try await withLiveDouble { server, client in
            let url = URL(string: "\(server.baseURL.absoluteString)/search/users?q=a&per_page=100&page=11")!
            let error = await thrownError { try await client.searchUsers(page: url) }
            #expect(error == .validationFailed(message: "Only the first 1000 search results are available", details: []))
        }
    }

    @Test func anEmptyQWithoutTheGuardIs422WithTheFieldDetail() async throws {
        try await withLiveDouble { server, client in
            let error = await thrownError { try await client.searchUsers(page: URL(string: "\(server.baseURL.absoluteString)/search/users?q=")!) }
            #expect(error == .validationFailed(message: "Validation Failed", details: ["q is missing"]))
        }
    }

    @Test func sortAndOrderAreSentAndHonoured() async throws {
        try await withLiveDouble { server, client in
            let page = try await client.searchUsers(UserSearchRequest(query: query("tom"), sort: .followers, order: .descending, perPage: 30))
            #expect(server.receivedRequests.last?.queryValue("sort") == "followers")
            #expect(server.receivedRequests.last?.queryValue("order") == "desc")
            let profiles = try await page.users.prefix(5).asyncMap { try await client.user(login: $0.login) }
            #expect(profiles.map(\.followers) == profiles.map(\.followers).sorted(by: >))
            // Equal counts would be "sorted" whatever the server did.
            #expect(Set(profiles.map(\.followers)).count > 1)
        }
    }

    @Test func rateLimitExhaustionGivesTheResetTimeFromTheHeaders() async throws {
        try await withLiveDouble(searchLimit: 2) { server, client in
            _ = try await client.searchUsers(UserSearchRequest(query: query("tom")))
            _ = try await client.searchUsers(UserSearchRequest(query: query("tom")))
            #expect(client.rateLimits.bucket("search")?.remaining == 0)
            let error = await thrownError { try await client.searchUsers(UserSearchRequest(query: query("tom"))) }
            #expect(error == .rateLimited(resetsAt: server.quotaResetsAt("search"), resource: "search"))
            #expect(client.rateLimits.bucket("search")?.limit == 2)
        }
    }

    @Test func theSecondaryLimitCarriesRetryAfter() async throws {
        try await withLiveDouble { server, client in
            server.inject(FixtureFault(.secondaryLimit, route: .search, retryAfter: 42, remaining: 1))
            let error = await thrownError { try await client.searchUsers(UserSearchRequest(query: query("tom"))) }
            #expect(error == .secondaryRateLimited(retryAfter: 42))
            let retried = try await client.searchUsers(UserSearchRequest(query: query("tom")))
            #expect(!retried.users.isEmpty)
        }
    }

    @Test func resultsAreDeduplicatedByIDAcrossPages() {
        let users = (1...5).map { User(id: UserID($0), login: "u\($0)", avatarURL: nil, profileURL: nil, type: .user) }
        var results = UserSearchResults(firstPage: UserSearchPage(users: Array(users[0..<3]), totalCount: 5, incompleteResults: false, next: URL(string: "https://api.github.com/x?page=2")))
        let fresh = results.append(UserSearchPage(users: Array(users[2..<5]), totalCount: 5, incompleteResults: false, next: nil))
        #expect(fresh.map(\.login) == ["u4", "u5"])
        #expect(results.users.map(\.login) == ["u1", "u2", "u3", "u4", "u5"])
        #expect(!results.hasMore)
    }
}

extension Sequence {
    func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
        var out: [T] = []
        for element in self { out.append(try await transform(element)) }
        return out
    }
}
