import Foundation
import GitHubFinderCore
import GitHubFixtureServer

/// Decode + map of one 100-user and one 100-repository search page, each against a bare
/// `JSONDecoder` decode of the same bytes into plain structs (the anchor). Budget: ratio ≤ 1.5.
enum DecodeBenchmark {
    /// The fields the app reads, decoded with no tolerance and no mapping.
    struct BarePage: Decodable {
        struct Item: Decodable {
            var login: String
            var id: Int64
            var avatar_url: String
            var html_url: String
            var type: String
        }

        var total_count: Int
        var incomplete_results: Bool
        var items: [Item]
    }

    /// The fields a repository row and its detail read, decoded the same bare way.
    struct BareRepositoryPage: Decodable {
        struct Item: Decodable {
            struct Owner: Decodable {
                var login: String
                var id: Int64
                var avatar_url: String
            }

            var id: Int64
            var name: String
            var full_name: String
            var owner: Owner
            var html_url: String
            var description: String?
            var language: String?
            var stargazers_count: Int
            var forks_count: Int
            var updated_at: String
            var archived: Bool
            var fork: Bool
            var is_template: Bool?
        }

        var total_count: Int
        var incomplete_results: Bool
        var items: [Item]
    }

    static func run() throws {
        try runUsers()
        try runRepositories()
    }

    static func runRepositories() throws {
        let data = FixtureDataSet.standard
        let repos = data.repositories.filter { ($0.description ?? "").contains(" ") }.prefix(100)
        let body = FixtureJSON.repositorySearchBody(repos, in: data, total: 2_148_331, base: "https://api.github.com")
        let link = "<https://api.github.com/search/repositories?q=a&per_page=100&page=2>; rel=\"next\", <https://api.github.com/search/repositories?q=a&per_page=100&page=10>; rel=\"last\""
        guard try GitHubDecoding.repositorySearchPage(from: body, link: link).repositories.count == 100,
              try JSONDecoder().decode(BareRepositoryPage.self, from: body).items.count == 100 else { fatalError("the page must hold 100 repositories") }
        let (bare, ours) = try alternate(bare: { _ = try JSONDecoder().decode(BareRepositoryPage.self, from: body) },
                                         ours: { _ = try GitHubDecoding.repositorySearchPage(from: body, link: link) })
        BenchmarkHarness.emit(name: "decode.search-page.100-repositories.bare-jsondecoder", bare)
        BenchmarkHarness.emit(name: "decode.search-page.100-repositories", ours, baseline: "decode.search-page.100-repositories.bare-jsondecoder",
                              ratio: ours.p50 / bare.p50, budget: .ratioAtMost(1.5))
    }

    /// Times `bare` and `ours` in alternation, so a busy machine slows both alike (the first 50
    /// rounds warm up and are dropped).
    static func alternate(bare: () throws -> Void, ours: () throws -> Void) throws -> (bare: BenchmarkHarness.Sample, ours: BenchmarkHarness.Sample) {
        let clock = ContinuousClock()
        var bareDurations: [Double] = [], ourDurations: [Double] = []
        for iteration in 0..<2_050 {
            let bareTime = try clock.measure(bare)
            let ourTime = try clock.measure(ours)
            guard iteration >= 50 else { continue }
            bareDurations.append(BenchmarkHarness.milliseconds(bareTime))
            ourDurations.append(BenchmarkHarness.milliseconds(ourTime))
        }
        return (BenchmarkHarness.sample(bareDurations), BenchmarkHarness.sample(ourDurations))
    }

    static func runUsers() throws {
        let data = FixtureDataSet.standard
        let users = data.users.filter { $0.login.contains("a") }.prefix(100)
        let body = FixtureJSON.searchBody(users, total: 6_038, base: "https://api.github.com", score: { _ in 1 })
        let link = "<https://api.github.com/search/users?q=a&per_page=100&page=2>; rel=\"next\", <https://api.github.com/search/users?q=a&per_page=100&page=10>; rel=\"last\""
        guard try GitHubDecoding.searchPage(from: body, link: link).users.count == 100 else { fatalError("the page must hold 100 users") }

        let (bare, ours) = try alternate(bare: { _ = try JSONDecoder().decode(BarePage.self, from: body) },
                                         ours: { _ = try GitHubDecoding.searchPage(from: body, link: link) })
        BenchmarkHarness.emit(name: "decode.search-page.100-users.bare-jsondecoder", bare)
        BenchmarkHarness.emit(name: "decode.search-page.100-users", ours, baseline: "decode.search-page.100-users.bare-jsondecoder", ratio: ours.p50 / bare.p50, budget: .ratioAtMost(1.5))
    }
}
