import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("Decoding odd bodies")
struct GitHubDecodingTests {
    @Test func oneMalformedItemIsDroppedAndTheRestOfThePageKept() throws {
        let body = Data(#"{"total_count": 3, "items": [{"login": "a", "id": 1}, {"login": "b", "id": "two"}, {"login": "c", "id": 3, "type": "Bot", "unknown": [1, {"x": null}]}]}"#.utf8)
        let page = try GitHubDecoding.searchPage(from: body, link: nil)
        #expect(page.users.map(\.login) == ["a", "c"])
        #expect(page.users.last?.type == .bot)
        #expect(page.totalCount == 3)
        #expect(page.incompleteResults == false)
    }

    @Test(arguments: [
        ("{}", "search results: no items"),
        ("", "search results: empty body"),
        ("<html><body>Unicorn</body></html>", "search results: an HTML page instead of JSON"),
        (#"{"total_count": 1, "items": [{"login": "a""#, "search results: malformed or truncated JSON"),
        (#"{"items": "nope"}"#, "search results: unexpected value at items"),
    ])
    func unreadableBodiesSayWhatFailed(body: String, expected: String) {
        #expect(throws: GitHubError.undecodable(expected)) { try GitHubDecoding.searchPage(from: Data(body.utf8), link: nil) }
    }

    @Test func onlyWebURLsFromTheServerAreKept() throws {
        let body = Data(#"{"login": "x", "id": 9, "html_url": "javascript:alert(1)", "avatar_url": "file:///etc/passwd", "blog": "example.com", "created_at": "not a date"}"#.utf8)
        let profile = try GitHubDecoding.profile(from: body)
        #expect(profile.profileURL == nil)
        #expect(profile.avatarURL == nil)
        #expect(profile.blog == "example.com")
        #expect(profile.memberSince == nil)
    }
}
