import Foundation
import Testing
@testable import GitHubFinderCore

/// A repository's page and languages from the GitHub double over real HTTP on loopback.
@Suite("Live client: repository pages")
struct LiveClientRepositoryTests {
    @Test func aRepositoryPageNamesItsOwnerForkParentAndLicence() async throws {
        try await withLiveDouble { _, client in
            let hello = try await client.repository(owner: "octocat", name: "Hello-World")
            #expect(hello.repository.fullName == "octocat/Hello-World")
            #expect(hello.repository.owner?.login == "octocat")
            #expect(hello.repository.language == nil)
            #expect(hello.defaultBranch != nil)
            #expect(hello.parent == nil)
            let fork = try await client.repository(owner: "defunkt", name: "Hello-World")
            #expect(fork.repository.isFork)
            #expect(fork.parent?.fullName == "octocat/Hello-World")
            #expect(fork.parent?.owner?.login == "octocat")
            #expect(try await client.repository(owner: "octocat", name: "octo-template").repository.isTemplate)
            #expect(try await client.repository(owner: "mojombo", name: "grit").repository.isArchived)
        }
    }

    @Test func aHomepageThatIsNotAWebAddressIsDropped() async throws {
        try await withLiveDouble { _, client in
            let unsafe = try await client.repository(owner: "0xdeadbeef", name: "unsafe-homepage")
            #expect(unsafe.homepage == nil, "javascript: is never kept to be opened")
        }
    }

    @Test func theSecondLookIsAConditionalRequestThatCostsNoQuota() async throws {
        try await withLiveDouble { server, client in
            let first = try await client.repository(owner: "torvalds", name: "linux")
            let used = server.quotaUsed("core")
            let again = try await client.repository(owner: "torvalds", name: "linux")
            #expect(again == first)
            #expect(server.quotaUsed("core") == used, "answered 304 from the cache")
            #expect(server.receivedRequests.last?.headers["if-none-match"] != nil)
        }
    }

    @Test func languagesAreSharesOfTheCodeLargestFirst() async throws {
        try await withLiveDouble { _, client in
            let languages = try await client.languages(owner: "torvalds", name: "linux")
            #expect(!languages.isEmpty)
            #expect(abs(languages.map(\.percent).reduce(0, +) - 100) < 0.001)
            #expect(languages.map(\.bytes) == languages.map(\.bytes).sorted(by: >))
            #expect(try await client.languages(owner: "octocat", name: "Hello-World").isEmpty, "no language, no bar")
            #expect(await thrownError { try await client.repository(owner: "octocat", name: "no-such-repository") } == .notFound)
        }
    }

    @Test func sharesIgnoreEmptyAndZeroEntries() {
        let shares = LanguageShare.shares(["Swift": 300, "C": 100, "": 50, "Shell": 0])
        #expect(shares.map(\.name) == ["Swift", "C"])
        #expect(shares.map(\.percent) == [75, 25])
        #expect(LanguageShare.shares([:]).isEmpty)
    }
}
