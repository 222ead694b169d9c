import Foundation
import Testing
@testable import GitHubFinderCore
import GitHubFixtureServer

/// READMEs and latest releases from the GitHub double over real HTTP on loopback.
@Suite("Live client: READMEs and releases")
struct LiveClientReadmeTests {
    @Test func aReadmeIsTheRawMarkdownAskedForAsSuch() async throws {
        try await withLiveDouble { server, client in
            let text = try #require(try await client.readme(owner: "groue", name: "GRDB.swift"))
            #expect(text.count > 100_000 && text.contains("GRDB"), "GRDB's own README, whole")
            #expect(server.receivedRequests.last?.headers["accept"] == "application/vnd.github.raw+json")
            let parsed = try MarkdownParser.parse(text, links: ReadmeLinks(repositoryPage: URL(string: "https://github.com/groue/GRDB.swift")!, branch: "master"))
            #expect(parsed.blocks.contains { if case .heading = $0.content { true } else { false } })
        }
    }

    @Test func noReadmeIsNilNotAnError() async throws {
        try await withLiveDouble { _, client in
            let none = try await client.readme(owner: "0xdeadbeef-readmes", name: "no-readme")
            #expect(none == nil)
            let missing = try await client.readme(owner: "octocat", name: "no-such-repository")
            #expect(missing == nil, "a missing repository is no README too (GitHub answers 404 alike)")
        }
    }

    @Test func theSecondLookAtAReadmeCostsNoQuota() async throws {
        try await withLiveDouble { server, client in
            let first = try await client.readme(owner: "apple", name: "swift-nio")
            let used = server.quotaUsed("core")
            let again = try await client.readme(owner: "apple", name: "swift-nio")
            #expect(again == first)
            #expect(server.quotaUsed("core") == used, "answered 304 from the cache")
            #expect(server.receivedRequests.last?.headers["if-none-match"] != nil)
        }
    }

    @Test func theLatestReleaseHasItsTagNameDateNotesAndPage() async throws {
        try await withLiveDouble { _, client in
            let release = try #require(try await client.latestRelease(owner: "groue", name: "GRDB.swift"))
            #expect(release.tag == "7.10.0" && release.name == "GRDB.swift 7.10.0")
            #expect(release.notes?.contains("## What's Changed") == true)
            #expect(release.htmlURL?.absoluteString == "https://github.com/groue/GRDB.swift/releases/tag/7.10.0")
            #expect(release.publishedAt != nil)
            let noRelease = try await client.latestRelease(owner: "apple", name: "swift-argument-parser")
            #expect(noRelease == nil, "a repository without releases")
        }
    }

    /// README images: fetched without the token, a 100 MB one refused once its headers say so
    /// (not read into memory), one that never answers given up at the timeout (3 s: at 1 s, a
    /// busy machine once timed the logo's request out).
    @Test func imagesComeWithoutTheTokenAndOnlyUpTo5MB() async throws {
        try await withLiveDouble(signedInAs: "octocat", timeout: 3) { server, client in
            let anywhere: @Sendable (URL) -> Bool = { _ in true }
            let logo = try await client.readmeImage(server.baseURL.appendingPathComponent("_fixture/images/logo.png"), mayFollow: anywhere)
            #expect(GitHubClient.looksLikeImage(logo) && logo.count < 100_000)
            #expect(server.receivedRequests.last?.headers["authorization"] == nil, "no token goes to an image host")
            await #expect(throws: GitHubError.undecodable("response: larger than allowed")) {
                _ = try await client.readmeImage(server.baseURL.appendingPathComponent("_fixture/images/huge.png"), mayFollow: anywhere)
            }
            let started = ContinuousClock.now
            await #expect(throws: GitHubError.self) {
                _ = try await client.readmeImage(server.baseURL.appendingPathComponent("_fixture/images/endless.png"), mayFollow: anywhere)
            }
            #expect(ContinuousClock.now - started < .seconds(10), "an image that never comes is given up")
            await #expect(throws: GitHubError.self) { _ = try await client.readmeImage(URL(string: "file:///etc/passwd")!, mayFollow: anywhere) }
            // A redirect to a host the image could not have been fetched from is not followed:
            // the request to the other host is never made.
            let elsewhere = try #require(URL(string: server.baseURL.absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost")))
            server.inject(FixtureFault(.redirect, route: .image, redirectBase: elsewhere.absoluteString))
            let before = server.receivedRequests.count
            await #expect(throws: GitHubError.unusableRedirect(status: 302)) {
                _ = try await client.readmeImage(server.baseURL.appendingPathComponent("_fixture/images/logo.png"), mayFollow: { $0.host == "127.0.0.1" })
            }
            #expect(server.receivedRequests.count == before + 1, "only the first request was made")
            server.clearFaults()
        }
    }

    @Test func aReleaseWithoutATagIsUndecodableAndANamelessOneShowsItsTag() throws {
        #expect(throws: GitHubError.self) { try GitHubDecoding.release(from: Data(#"{"name": "x"}"#.utf8)) }
        let release = try GitHubDecoding.release(from: Data(#"{"tag_name": " v1.0 ", "name": "  ", "body": "", "published_at": "2026-01-02T03:04:05Z"}"#.utf8))
        #expect(release == Release(tag: "v1.0", name: nil, notes: nil, publishedAt: Date(timeIntervalSince1970: 1_767_323_045)))
    }
}
