import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// The transport itself against the double: what goes out over the wire (the client's behaviour
/// over it is `LiveClient…Tests`).
@Suite("Soup transport: what goes out over the wire")
struct SoupTransportTests {
    let transport = SoupTransport(timeout: 5, userAgent: "GitHubFinder tests")

    @Test func aHeaderWithALineBreakIsRefusedAndNothingIsSent() async throws {
        try await withLiveDouble { server, _ in
            let request = HTTPRequestData(url: server.baseURL.appending(path: "rate_limit"), headers: ["Authorization": "Bearer abc\nX-Injected: 1"])
            let error = await thrownError { try await transport.send(request) }
            #expect(error == .offline(.other("the Authorization header holds a line break")))
            #expect(server.requestCount(.rateLimit) == 0)
        }
    }

    @Test func headersGoOutAsGivenWithOrWithoutABody() async throws {
        try await withLiveDouble { server, _ in
            let headers = ["Content-Type": "application/json", "Accept": "application/vnd.github+json", "X-Empty": ""]
            let answer = try await transport.send(HTTPRequestData(url: server.baseURL.appending(path: "rate_limit"), headers: headers))
            #expect(answer.status == 200)
            let get = try #require(server.receivedRequests.last)
            #expect(get.headers["content-type"] == "application/json")
            #expect(get.headers["accept"] == "application/vnd.github+json")
            #expect(get.headers["x-empty"] == "")
            // A PUT without a body still says how long it is (GitHub's star asks for it).
            _ = try await transport.send(HTTPRequestData(url: server.baseURL.appending(path: "user/starred/octocat/hello-world"), method: "PUT"))
            let put = try #require(server.receivedRequests.last)
            #expect(put.headers["content-length"] == "0")
        }
    }

    @Test func aRedirectIsHandedBackNotFollowed() async throws {
        try await withLiveDouble { server, _ in
            server.inject(FixtureFault(.redirect, route: .user, redirectBase: "http://127.0.0.1:9", remaining: 1))
            let answer = try await transport.send(HTTPRequestData(url: server.baseURL.appending(path: "users/octocat")))
            #expect(answer.status == 302)
            #expect(answer.headers["location"] == "http://127.0.0.1:9/users/octocat")
        }
    }
}
