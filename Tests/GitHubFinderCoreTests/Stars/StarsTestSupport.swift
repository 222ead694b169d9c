import Clocks
import Foundation
import GitHubFixtureServer
@testable import GitHubFinderCore

/// Repository stars wired as the app wires them, over a real SQLite file and a live client:
/// the database, the sync and the starring the views use.
@MainActor
struct StarsHarness {
    let database: AppDatabase
    let client: GitHubClient
    let sync: StarSync
    let starring: StoreRepositoryStarring

    /// `baseURL` nil: a closed loopback port, where every request fails as offline.
    init(file: URL, baseURL: URL?, token: String?, login: String? = "octocat", clock: TestClock<Duration> = TestClock()) throws {
        database = try AppDatabase.open(at: file)
        client = GitHubClient(configuration: GitHubConfiguration(baseURL: baseURL ?? URL(string: "http://127.0.0.1:1")!, token: token, timeout: 30))
        sync = StarSync(api: client, database: database, clock: clock, login: { login })
        starring = StoreRepositoryStarring(store: GRDBFavoritesStore<Repositories>(database: database), credentials: client.credentials, sync: sync)
    }

    /// The starred repositories here, as "owner/name", sorted.
    func localNames() throws -> [String] {
        try database.favorites(of: Repositories.self).map(\.fullName).sorted()
    }

    /// What the outbox holds, as "action owner/name" in sending order.
    func pending() throws -> [String] {
        try database.pendingStarChanges().map { "\($0.action.rawValue) \($0.fullName)" }
    }
}

enum StarsFixture {
    static var temporaryFile: URL {
        AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite")
    }

    /// A repository of the double's data set, as a search result would give it.
    static func repository(_ fullName: String) -> Repository {
        let data = FixtureDataSet.standard
        let found = data.repository(fullName: fullName)!
        let (owner, name) = StarSync.ownerAndName(data.fullName(ofRepository: found.id)!)
        return Repository(id: found.id, name: name, fullName: "\(owner)/\(name)", description: found.description, language: found.language,
                          stars: 0, forks: 0, isFork: false, isArchived: false, pushedAt: nil, htmlURL: nil)
    }

    /// The first `count` repositories of the data set, as "owner/name".
    static func names(_ count: Int) -> [String] {
        FixtureDataSet.standard.repositories.prefix(count).compactMap { FixtureDataSet.standard.fullName(ofRepository: $0.id) }
    }

    /// Stars `names` on the double for the token's account, as another device would.
    static func starRemotely(_ names: [String], client: GitHubClient) async throws {
        for name in names {
            let (owner, repository) = StarSync.ownerAndName(name)
            try await client.starRepository(owner: owner, name: repository)
        }
    }
}
