import Foundation
import GitHubFinderCore
import GitHubFixtureServer

/// Bytes fetched for the avatars of one 100-result page at the size rows draw them (32 px, ×2 for
/// HiDPI), against the same avatars at GitHub's full 460 px. Budget: ≤ 10 %.
enum AvatarBytesBenchmark {
    static func run() async throws {
        let server = try await GitHubFixtureServer(searchLimit: 1_000)
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: server.baseURL))
        let page = try await client.searchUsers(UserSearchRequest(query: SearchQuery("a")!, perPage: 100))
        guard page.users.count == 100 else { fatalError("the page must hold 100 users") }
        var drawn = 0, full = 0
        for user in page.users {
            guard let url = user.avatarURL else { continue }
            drawn += try await client.avatar(url, pixelSize: 64).count
            full += try await client.avatar(url, pixelSize: AvatarURL.maximumPixelSize).count
        }
        await server.stop()
        let ratio = Double(drawn) / Double(full)
        BenchmarkHarness.emit(name: "avatars.bytes.100-results.full-size", unit: "KB", .init(single: Double(full) / 1024))
        BenchmarkHarness.emit(name: "avatars.bytes.100-results", unit: "KB", .init(single: Double(drawn) / 1024),
                              baseline: "avatars.bytes.100-results.full-size", ratio: ratio, budget: .ratioAtMost(0.10))
    }
}
