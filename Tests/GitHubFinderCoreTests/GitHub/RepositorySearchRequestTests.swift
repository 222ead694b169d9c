import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("Repository search requests")
struct RepositorySearchRequestTests {
    private let base = URL(string: "https://ghe.example.com/api/v3")!

    @Test func bestMatchSendsNoSortAndQualifiersPassThroughEncoded() {
        let request = RepositorySearchRequest(query: query("tetris language:assembly stars:>100"))
        #expect(GitHubEndpoint.searchRepositories(request, base: base).absoluteString
            == "https://ghe.example.com/api/v3/search/repositories?q=tetris%20language%3Aassembly%20stars%3A%3E100&per_page=100")
    }

    @Test func eachSortIsSentAsGitHubNamesIt() {
        let sent = RepositorySearchSort.allCases.map { sort in
            URLComponents(url: GitHubEndpoint.searchRepositories(RepositorySearchRequest(query: query("x"), sort: sort), base: base), resolvingAgainstBaseURL: false)!
                .queryItems!.first { $0.name == "sort" }?.value
        }
        #expect(sent == [nil, "stars", "forks", "help-wanted-issues", "updated"])
        #expect(RepositorySearchRequest(query: query("x"), perPage: 500).perPage == 100)
    }
}
