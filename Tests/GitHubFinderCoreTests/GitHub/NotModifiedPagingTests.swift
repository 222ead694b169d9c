import Foundation
import Testing
@testable import GitHubFinderCore

/// A `304 Not Modified` may come with a reduced set of headers: the page it stands for keeps
/// its `Link`, so paging (and a sync that reads every page) never ends early.
@Suite("Conditional requests: paging survives 304")
struct NotModifiedPagingTests {
    static let url = URL(string: "https://api.github.com/user/starred?per_page=100")!
    static let page2 = #"<https://api.github.com/user/starred?per_page=100&page=2>; rel="next", <https://api.github.com/user/starred?per_page=100&page=3>; rel="last""#
    static let body = Data(#"[{"id": 1, "name": "a", "full_name": "o/a"}]"#.utf8)

    static func ok(link: String) -> HTTPResponseData {
        HTTPResponseData(status: 200, headers: HTTPHeaderFields([("ETag", #""abc""#), ("Link", link), ("X-RateLimit-Remaining", "4999")]), body: body)
    }

    /// GitHub's 304: ETag, cache and rate-limit headers; no body, no Link.
    static func notModified(link: String? = nil) -> HTTPResponseData {
        var headers = [("ETag", #""abc""#), ("Cache-Control", "private, max-age=60, s-maxage=60"), ("X-RateLimit-Remaining", "4999"), ("Vary", "Accept, Authorization, Cookie")]
        if let link { headers.append(("Link", link)) }
        return HTTPResponseData(status: 304, headers: HTTPHeaderFields(headers), body: Data())
    }

    @Test func aNotModifiedWithoutLinkKeepsTheCachedPagesLink() async throws {
        // Given a page fetched with an ETag and a next link
        let (client, transport) = GitHubClient.replaying(Self.ok(link: Self.page2), Self.notModified())
        let first = try await client.starredRepositories(page: Self.url)
        #expect(first.next?.absoluteString == "https://api.github.com/user/starred?per_page=100&page=2")

        // When it is asked again and GitHub answers 304 with no Link
        let again = try await client.starredRepositories(page: Self.url)

        // Then the cached body comes back with its own next link (it used to end the paging)
        #expect(transport.requests.last?.headers["If-None-Match"] == #""abc""#)
        #expect(again.items.map(\.repository.id) == [1])
        #expect(again.next == first.next)
    }

    @Test func aNotModifiedThatCarriesALinkUsesTheNewOne() async throws {
        let newer = #"<https://api.github.com/user/starred?per_page=100&page=2&after=x>; rel="next""#
        let (client, _) = GitHubClient.replaying(Self.ok(link: Self.page2), Self.notModified(link: newer))
        _ = try await client.starredRepositories(page: Self.url)
        let again = try await client.starredRepositories(page: Self.url)
        #expect(again.next?.absoluteString == "https://api.github.com/user/starred?per_page=100&page=2&after=x")
    }

    @Test func aLastPageStaysTheLastAfterA304() async throws {
        let (client, _) = GitHubClient.replaying(HTTPResponseData(status: 200, headers: HTTPHeaderFields([("ETag", #""e""#)]), body: Self.body), Self.notModified())
        _ = try await client.repositories(page: Self.url)
        #expect(try await client.repositories(page: Self.url).next == nil)
    }
}
