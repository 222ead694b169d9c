import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// The live client's repository search against the double's `/search/repositories`.
@Suite("Live client: repository search")
struct LiveClientRepositorySearchTests {
    @Test func pagesDecodeWithOwnersTemplatesTopicsAndFollowTheirLinks() async throws {
        try await withLiveDouble { server, client in
            let first = try await client.searchRepositories(RepositorySearchRequest(query: query("gtk org:gnome"), sort: .stars, perPage: 50))
            #expect(first.repositories.count == 50)
            #expect(first.totalCount > 50)
            #expect(first.repositories.allSatisfy { $0.owner?.login == "gnome" && $0.fullName.hasPrefix("gnome/") && $0.updatedAt != nil })
            #expect(first.repositories.map(\.stars) == first.repositories.map(\.stars).sorted(by: >))
            let next = try #require(first.next)
            let second = try await client.searchRepositories(page: next)
            #expect(Set(second.repositories.map(\.id)).isDisjoint(with: first.repositories.map(\.id)))
            let template = try await client.searchRepositories(RepositorySearchRequest(query: query("octo-template is:template")))
            #expect(template.repositories.first?.isTemplate == true)
            #expect(template.repositories.first?.topics == ["template", "swift"])
            #expect(server.quotaUsed("search") == 3)
        }
    }
}
