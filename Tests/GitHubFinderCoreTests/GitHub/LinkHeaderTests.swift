import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("Link header")
struct LinkHeaderTests {
    @Test func relsAreFoundInAnyOrder() {
        let header = LinkHeader("<https://api.github.com/s?page=3>; rel=\"next\", <https://api.github.com/s?page=34>; rel=\"last\", <https://api.github.com/s?page=1>; rel=\"first\", <https://api.github.com/s?page=1>; rel=\"prev\"")
        #expect(header.next?.query == "page=3")
        #expect(header.last?.query == "page=34")
        #expect(header.first?.query == "page=1")
        #expect(header.prev?.query == "page=1")
    }

    @Test func commasInsideURLsAndOddSpacingAreHandled() {
        let header = LinkHeader("  <https://api.github.com/s?q=a,b&page=2>;rel=next ,<https://api.github.com/s?q=a,b&page=5>; rel=\"last\"")
        #expect(header.next?.absoluteString == "https://api.github.com/s?q=a,b&page=2")
        #expect(header.last?.absoluteString == "https://api.github.com/s?q=a,b&page=5")
    }

    @Test(arguments: [nil, "", "garbage", "<>; rel=\"next\"", "<https://x>", "https://x; rel=next"])
    func malformedHeadersGiveNoNextAndNoCrash(_ value: String?) {
        #expect(LinkHeader(value).next == nil)
    }
}
