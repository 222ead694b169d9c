import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// Starring endpoints from the GitHub double over real HTTP on loopback: PUT and DELETE on
/// `/user/starred/{owner}/{repo}`, the paged list, and the refusals of tokens that may not star.
@Suite("Live client: starring")
struct LiveClientStarringTests {
    @Test func starringPutsAndUnstarringDeletesWithAnEmptyBody() async throws {
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            try await client.starRepository(owner: "octocat", name: "Hello-World")
            #expect(server.starredRepositories(of: "octocat") == ["octocat/Hello-World"])
            let put = try #require(server.receivedRequests.last)
            #expect(put.route == .starred)
            #expect(put.target == "/user/starred/octocat/Hello-World")
            #expect(put.headers["content-length"] == "0")
            #expect(put.headers["authorization"]?.hasPrefix("Bearer ") == true)

            try await client.unstarRepository(owner: "octocat", name: "Hello-World")
            #expect(server.starredRepositories(of: "octocat").isEmpty)
            #expect(server.requestCount(.starred) == 2)
        }
    }

    @Test func theStarredListComesAHundredAPageAndFollowsItsLinks() async throws {
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            let names = FixtureDataSet.standard.repositories.prefix(101).compactMap { FixtureDataSet.standard.fullName(ofRepository: $0.id) }
            try #require(names.count == 101)
            for name in names {
                let (owner, repository) = StarSync.ownerAndName(name)
                try await client.starRepository(owner: owner, name: repository)
            }

            let first = try await client.starredRepositories()
            #expect(server.receivedRequests.last?.queryValue("per_page") == "100")
            #expect(first.items.count == 100)
            let next = try #require(first.next)
            let second = try await client.starredRepositories(page: next)
            #expect(second.items.count == 1)
            #expect(second.next == nil)
            #expect(Set((first.items + second.items).map(\.repository.fullName)) == Set(names))
            // Newest star first, as on GitHub.
            #expect(first.items.first?.repository.fullName == names.last)
        }
    }

    @Test func theFirstPageIsRevalidatedWithItsETag() async throws {
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            try await client.starRepository(owner: "torvalds", name: "linux")
            let first = try await client.starredRepositories()
            let again = try await client.starredRepositories()
            #expect(again == first)
            #expect(server.receivedRequests.last?.headers["if-none-match"] != nil)
        }
    }

    @Test func aClassicTokenWithoutPublicRepoIsRefusedWithGitHubsMessageAndTheMissingScope() async throws {
        try await withLiveDouble { server, client in
            client.credentials.token = server.issueToken(for: "octocat", scopes: ["read:user"])
            let error = await thrownError { try await client.starRepository(owner: "octocat", name: "Hello-World") }
            guard case .refused(let refusal) = error else {
                Issue.record("expected a refusal, got \(String(describing: error))")
                return
            }
            #expect(refusal.status == 404)
            #expect(refusal.message == "Not Found")
            #expect(refusal.tokenScopes == ["read:user"])
            #expect(refusal.missingScope == "public_repo")
            #expect(server.starredRepositories(of: "octocat").isEmpty)
            // A read of something missing is still plain "not found".
            #expect(await thrownError { try await client.repository(owner: "octocat", name: "no-such-repository") } == .notFound)
        }
    }

    @Test func aFineGrainedTokenWithoutStarringIsRefusedWithItsPermission() async throws {
        try await withLiveDouble { server, client in
            client.credentials.token = server.issueFineGrainedToken(for: "octocat", canStar: false)
            let error = await thrownError { try await client.unstarRepository(owner: "octocat", name: "Hello-World") }
            guard case .refused(let refusal) = error else {
                Issue.record("expected a refusal, got \(String(describing: error))")
                return
            }
            #expect(refusal.status == 403)
            #expect(refusal.message == "Resource not accessible by personal access token")
            #expect(refusal.tokenScopes == nil)
            #expect(refusal.missingScope == nil)
            #expect(refusal.acceptedPermissions == ["starring=write"])
        }
    }

    @Test func withoutATokenStarringIsUnauthorizedNotRefused() async throws {
        try await withLiveDouble { _, client in
            let error = await thrownError { try await client.starRepository(owner: "octocat", name: "Hello-World") }
            #expect(error == .unauthorized(message: "Requires authentication"))
            #expect(await thrownError { try await client.starredRepositories() } == .unauthorized(message: "Requires authentication"))
        }
    }

    @Test func aServerErrorOnAStarIsAServerErrorToRetry() async throws {
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            server.inject(FixtureFault(.serverError, route: .starred, status: 502, remaining: 1))
            #expect(await thrownError { try await client.starRepository(owner: "octocat", name: "Hello-World") } == .serverError(status: 502))
            #expect(server.starredRepositories(of: "octocat").isEmpty)
        }
    }

    @Test func endpointsEncodeOwnerAndNameUnderTheBasePath() {
        let base = URL(string: "https://ghe.example/api/v3/")!
        #expect(GitHubEndpoint.starredRepository(owner: "octo cat", name: "안녕", base: base).absoluteString
                == "https://ghe.example/api/v3/user/starred/octo%20cat/%EC%95%88%EB%85%95")
        #expect(GitHubEndpoint.starred(perPage: 500, base: base).absoluteString == "https://ghe.example/api/v3/user/starred?per_page=100")
    }
}
