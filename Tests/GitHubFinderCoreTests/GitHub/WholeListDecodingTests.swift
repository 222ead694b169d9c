import Foundation
import Testing
@testable import GitHubFinderCore

/// Lists that decide what is kept locally are read whole or not at all; search pages may skip
/// an item but say so. Shapes as GitHub really sends them.
@Suite("Decoding: whole lists")
struct WholeListDecodingTests {
    static let repository = #"{"id": 1296269, "name": "Hello-World", "full_name": "octocat/Hello-World", "stargazers_count": 80, "forks_count": 9, "owner": {"login": "octocat", "id": 1}}"#
    static let second = #"{"id": 42, "name": "grit", "full_name": "mojombo/grit", "stargazers_count": 3, "owner": {"login": "mojombo", "id": 2}}"#

    @Test func aStarPageInTheStarJSONShapeGivesItsRepositoriesAndWhenEachWasStarred() throws {
        // Given a page of `application/vnd.github.star+json` ({starred_at, repo} items)
        let body = Data(#"[{"starred_at": "2011-01-16T19:06:43Z", "repo": \#(Self.repository)}, {"starred_at": "2012-03-01T08:00:00Z", "repo": \#(Self.second)}]"#.utf8)

        // When it is decoded as a starred list
        let page = try GitHubDecoding.starredRepositories(from: body, link: nil)

        // Then both repositories come out, with their star dates (it used to be 0, no error)
        #expect(page.items.map(\.repository.fullName) == ["octocat/Hello-World", "mojombo/grit"])
        #expect(page.items.first?.starredAt == Date(timeIntervalSince1970: 1_295_204_803))
    }

    @Test func aStarPageInThePlainShapeGivesItsRepositoriesWithoutDates() throws {
        let page = try GitHubDecoding.starredRepositories(from: Data("[\(Self.repository)]".utf8), link: nil)
        #expect(page.items.map(\.repository.id) == [1_296_269])
        #expect(page.items.first?.starredAt == nil)
    }

    @Test func aStarredItemThatCannotBeReadFailsThePageNamingListPageItemAndField() throws {
        // Given page 3 whose second item has no id
        let body = Data(#"[{"starred_at": "2011-01-16T19:06:43Z", "repo": \#(Self.repository)}, {"starred_at": "2011-01-16T19:06:43Z", "repo": {"name": "ghost"}}]"#.utf8)
        let url = URL(string: "https://api.github.com/user/starred?per_page=100&page=3")!

        // Then the page is an error, never a shorter list
        #expect(throws: GitHubError.undecodable("starred repositories, page 3: item 2 has no repo.id")) {
            try GitHubDecoding.starredRepositories(from: body, link: nil, page: url)
        }
        #expect(throws: GitHubError.undecodable("starred repositories, page 1: item 1 has an unreadable repo.id")) {
            try GitHubDecoding.starredRepositories(from: Data(#"[{"repo": {"id": "not a number", "name": "x"}}]"#.utf8), link: nil)
        }
    }

    @Test func peopleAndRepositoryListsFailOnAnItemTheyCannotMap() throws {
        #expect(throws: GitHubError.undecodable("people, page 2: item 2 has no login")) {
            try GitHubDecoding.users(from: Data(#"[{"id": 1, "login": "octocat"}, {"id": 2}]"#.utf8), link: nil, list: "people",
                                     page: URL(string: "https://api.github.com/user/following?page=2"))
        }
        #expect(throws: GitHubError.undecodable("repositories, page 1: item 1 has an unreadable the item")) {
            try GitHubDecoding.repositories(from: Data(#"[42]"#.utf8), link: nil)
        }
        #expect(try GitHubDecoding.repositories(from: Data("[\(Self.repository), \(Self.second)]".utf8), link: nil).items.count == 2)
    }

    @Test func aSearchPageSkipsAnItemItCannotShowAndCountsIt() throws {
        let body = Data(#"{"total_count": 3, "incomplete_results": false, "items": [{"id": 1, "login": "octocat"}, {"login": "no-id"}, {"id": 3, "login": "mona"}]}"#.utf8)
        let page = try GitHubDecoding.searchPage(from: body, link: nil)
        #expect(page.users.map(\.login) == ["octocat", "mona"])
        #expect(page.skippedCount == 1)
        let repositories = try GitHubDecoding.repositorySearchPage(from: Data(#"{"total_count": 2, "items": [\#(Self.repository), {"id": 5}]}"#.utf8), link: nil)
        #expect(repositories.repositories.count == 1)
        #expect(repositories.skippedCount == 1)
    }

    @Test func starsForksAndOpenIssuesComeFromGitHubsOlderNamesWhenTheNewOnesAreMissing() throws {
        // Given a repository in an older (or proxied) shape: watchers and forks, no *_count
        let old = Data(#"{"id": 7, "name": "gradle", "full_name": "gradle/gradle", "watchers": 1234, "forks": 56, "open_issues": 78}"#.utf8)
        let details = try GitHubDecoding.repositoryDetails(from: old)
        #expect(details.repository.stars == 1_234)
        #expect(details.repository.forks == 56)
        #expect(details.openIssues == 78)
        // watchers_count is the star count too, and the current names win when present
        let mixed = try GitHubDecoding.repositories(from: Data(#"[{"id": 8, "name": "a", "watchers_count": 10, "watchers": 9}, {"id": 9, "name": "b", "stargazers_count": 5, "watchers_count": 4, "forks_count": 2, "forks": 1}]"#.utf8), link: nil)
        #expect(mixed.items.map(\.stars) == [10, 5])
        #expect(mixed.items.map(\.forks) == [0, 2])
    }

    @Test(arguments: [
        ("www.gradle.org", "https://www.gradle.org"),
        ("  https://example.com/docs  ", "https://example.com/docs"),
        (" example.com/docs ", "https://example.com/docs"),
        ("http://example.com", "http://example.com"),
        ("localhost.example:8080/x", "https://localhost.example:8080/x"),
    ])
    func aHomepageIsTrimmedAndABareHostOpensOverHTTPS(_ text: String, _ expected: String) throws {
        #expect(DTOMapping.homepageURL(text)?.absoluteString == expected)
    }

    @Test(arguments: ["javascript:alert(1)", "ftp://example.com", "mailto:me@example.com", "", "   ", "not a host", "file:///etc/passwd", "localhost"])
    func aHomepageWithAnotherSchemeOrNoHostIsRefused(_ text: String) {
        #expect(DTOMapping.homepageURL(text) == nil)
    }

    @Test func theOpenIssuesCountSaysItCountsPullRequestsToo() {
        let repository = Repository(id: 1, name: "a", fullName: "o/a", description: nil, language: nil, stars: 1, forks: 0, isFork: false, isArchived: false, pushedAt: nil, htmlURL: nil)
        var state = RepositoryDetailState(repository: repository)
        state.details = RepositoryDetails(repository: repository, openIssues: 12)
        #expect(state.counts.last?.caption == "Open issues and pull requests")
        #expect(state.counts.last?.value == "12")
    }
}
