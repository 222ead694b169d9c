import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// A 3xx the client cannot follow is reported with the status it really was, never a made-up one.
@Suite("Live client: redirects")
struct LiveClientRedirectTests {
    @Test func aRedirectLoopIsTooManyRedirectsWithTheLast3xx() async throws {
        try await withLiveDouble { server, client in
            // Given the double answers every profile request with a 302 back to itself
            server.inject(FixtureFault(.redirect, route: .user, redirectBase: server.baseURL.absoluteString))
            // When a profile is asked for
            let error = await thrownError { try await client.user(login: "octocat") }
            // Then the loop is stopped after the limit and named with the real status
            #expect(error == .tooManyRedirects(lastStatus: 302))
            #expect(server.requestCount(.user) == 6)
            #expect(error?.localizedDescription == "GitHub kept redirecting the request (the last answer was HTTP 302); it was stopped.")
        }
    }

    @Test func aBoundedRedirectIsFollowed() async throws {
        try await withLiveDouble { server, client in
            server.inject(FixtureFault(.redirect, route: .user, redirectBase: server.baseURL.absoluteString, remaining: 5))
            let profile = try await client.user(login: "octocat")
            #expect(profile.login == "octocat")
            #expect(server.requestCount(.user) == 6)
        }
    }

    @Test(arguments: [
        (302, nil as String?),
        (301, "::not a url::"),
        (307, "ftp://example.com/users/octocat"),
        (300, "https://api.github.com/users/octocat"),
    ])
    func a3xxWithoutAUsableLocationIsReportedWithItsStatus(status: Int, location: String?) async {
        // Given a redirect that names no usable place to go
        let headers = HTTPHeaderFields(location.map { [("Location", $0)] } ?? [])
        let (client, transport) = GitHubClient.replaying(HTTPResponseData(status: status, headers: headers, body: Data()))
        // When it is the answer
        let error = await thrownError { try await client.user(login: "octocat") }
        // Then it is reported as that status, and nothing more was sent
        #expect(error == .unusableRedirect(status: status))
        #expect(transport.requests.count == 1)
    }

    @Test func a304WithNothingCachedKeepsItsStatus() async {
        let (client, _) = GitHubClient.replaying(HTTPResponseData(status: 304, headers: HTTPHeaderFields([]), body: Data()))
        let error = await thrownError { try await client.user(login: "octocat") }
        #expect(error == .unexpectedStatus(304, message: nil))
    }
}
