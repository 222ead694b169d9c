import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// The live client against the double: profiles, repositories, avatars, conditional requests.
@Suite("Live client: profiles, repositories, avatars")
struct LiveClientProfileTests {
    @Test func aProfileIsRevalidatedAndA304SpendsNoQuota() async throws {
        try await withLiveDouble { server, client in
            #expect(client.cachedUser(login: "octocat") == nil)
            let first = try await client.user(login: "octocat")
            let second = try await client.user(login: "octocat")
            #expect(second == first)
            #expect(client.cachedUser(login: "octocat") == first)
            #expect(server.requestCount(.user) == 2)
            #expect(server.quotaUsed("core") == 1)
            let revalidation = try #require(server.receivedRequests.last)
            #expect(revalidation.headers["if-none-match"]?.hasPrefix("W/\"") == true)
        }
    }

    @Test func repositoriesComeMostRecentlyPushedFirstAndPageByTheirLinks() async throws {
        try await withLiveDouble { server, client in
            let profile = try await client.user(login: "kohsuke")
            var page = try await client.repositories(login: "kohsuke")
            var all = page.items
            while let next = page.next {
                #expect(next.path.hasPrefix("/user/"))
                page = try await client.repositories(page: next)
                all += page.items
            }
            #expect(all.count == profile.publicRepositories)
            #expect(all.count > 100)
            #expect(Set(all.map(\.id)).count == all.count)
            let pushed = all.compactMap(\.pushedAt)
            #expect(pushed.count == all.count && pushed == pushed.sorted(by: >))
            #expect(all.allSatisfy { $0.fullName.hasPrefix("kohsuke/") })
        }
    }

    @Test func anUnknownLoginIsNotFound() async throws {
        try await withLiveDouble { _, client in
            #expect(await thrownError { try await client.user(login: "no-such-user-anywhere") } == .notFound)
        }
    }

    @Test func avatarsAreRealPNGsAtTheRequestedSize() async throws {
        try await withLiveDouble { _, client in
            let user = try await client.user(login: "octocat")
            let small = try await client.avatar(try #require(user.avatarURL), pixelSize: 64)
            let full = try await client.avatar(try #require(user.avatarURL), pixelSize: 460)
            #expect(Self.pngWidth(small) == 64)
            #expect(Self.pngWidth(full) == 460)
            #expect(Double(small.count) / Double(full.count) < 0.1)
        }
    }

    @Test func sizedAvatarURLsKeepOtherParametersAndClamp() {
        let url = URL(string: "https://avatars.githubusercontent.com/u/583231?v=4")!
        #expect(AvatarURL.sized(url, pixelSize: 96).absoluteString == "https://avatars.githubusercontent.com/u/583231?v=4&s=96")
        #expect(AvatarURL.sized(url, pixelSize: 9_000).absoluteString.hasSuffix("s=460"))
        #expect(AvatarURL.sized(URL(string: "https://a.example/u/1?s=40&v=4")!, pixelSize: 80).absoluteString == "https://a.example/u/1?v=4&s=80")
    }

    @Test func rateLimitStatusReadsEveryBucketWithoutSpendingAny() async throws {
        try await withLiveDouble(searchLimit: nil) { server, client in
            let buckets = try await client.rateLimitStatus()
            #expect(buckets.first { $0.resource == "search" }?.limit == 10)
            #expect(buckets.first { $0.resource == "core" }?.limit == 60)
            #expect(server.quotaUsed("core") == 0)
        }
    }

    static func pngWidth(_ data: Data) -> Int? {
        guard data.count > 24, data.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
        return data[16..<20].reduce(0) { $0 << 8 | Int($1) }
    }
}
