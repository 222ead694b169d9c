import Foundation
import GitHubFinderCore
import GitHubFixtureServer

/// Decode + map of one 100-user search page against a bare `JSONDecoder` decode of the same
/// bytes into plain structs (the anchor). Budget: ratio ≤ 1.5.
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

    static func run() throws {
        let data = FixtureDataSet.standard
        let users = data.users.filter { $0.login.contains("a") }.prefix(100)
        let body = FixtureJSON.searchBody(users, total: 6_038, base: "https://api.github.com", score: { _ in 1 })
        let link = "<https://api.github.com/search/users?q=a&per_page=100&page=2>; rel=\"next\", <https://api.github.com/search/users?q=a&per_page=100&page=10>; rel=\"last\""
        guard try GitHubDecoding.searchPage(from: body, link: link).users.count == 100 else { fatalError("the page must hold 100 users") }

        // The two are timed in alternation, so a busy machine slows both alike.
        let clock = ContinuousClock()
        var bareDurations: [Double] = [], ourDurations: [Double] = []
        for iteration in 0..<2_050 {
            let bareTime = try clock.measure { _ = try JSONDecoder().decode(BarePage.self, from: body) }
            let ourTime = try clock.measure { _ = try GitHubDecoding.searchPage(from: body, link: link) }
            guard iteration >= 50 else { continue }
            bareDurations.append(BenchmarkHarness.milliseconds(bareTime))
            ourDurations.append(BenchmarkHarness.milliseconds(ourTime))
        }
        let bare = BenchmarkHarness.sample(bareDurations), ours = BenchmarkHarness.sample(ourDurations)
        BenchmarkHarness.emit(name: "decode.search-page.100-users.bare-jsondecoder", bare)
        BenchmarkHarness.emit(name: "decode.search-page.100-users", ours, baseline: "decode.search-page.100-users.bare-jsondecoder", ratio: ours.p50 / bare.p50, budget: .ratioAtMost(1.5))
    }
}
