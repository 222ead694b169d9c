import Foundation
import Testing
@testable import GitHubFinderCore

/// Favorites are kept per server: ids collide across servers (user 1 is someone else on an
/// Enterprise server), so each server has its own file, and switching never mixes them.
@MainActor
@Suite("Favorites: one file per server")
struct PerServerFavoritesTests {
    let enterprise = URL(string: "https://github.example.com/api/v3")!

    @Test func githubComKeepsTheFileEveryEarlierFavoriteIsIn() {
        let folder = URL(fileURLWithPath: "/data/app")
        #expect(FavoritesLocation.file(for: GitHubConfiguration.defaultBaseURL, in: folder).path == "/data/app/favorites.sqlite")
        #expect(FavoritesLocation.file(for: URL(string: "https://api.github.com/")!, in: folder).path == "/data/app/favorites.sqlite")
    }

    @Test func anotherServerHasItsOwnFolderNamedByHostPortAndPath() {
        let folder = URL(fileURLWithPath: "/data/app")
        #expect(FavoritesLocation.file(for: enterprise, in: folder).path == "/data/app/servers/github.example.com%2Fapi%2Fv3/favorites.sqlite")
        #expect(FavoritesLocation.file(for: URL(string: "http://127.0.0.1:8080")!, in: folder).path == "/data/app/servers/127.0.0.1%3A8080/favorites.sqlite")
        // One host behind two paths, or two ports, is two servers; http and https of one are one.
        let names = ["https://git.corp/api/v3", "https://git.corp/other/api/v3", "https://git.corp:8443/api/v3", "http://git.corp/api/v3"]
            .map { FavoritesLocation.file(for: URL(string: $0)!, in: folder).path }
        #expect(Set(names).count == 3)
        #expect(names[0] == names[3])
        // Nothing in an address climbs out of the folder.
        #expect(FavoritesLocation.folderName(for: URL(string: "https://x/../..")!)?.contains("/") == false)
    }

    @Test func switchingServerShowsThatServersFavoritesAndSwitchingBackFindsTheFirstIntact() async throws {
        let folder = AppDatabaseTests.temporaryFolder()
        // Given octocat (id 1) starred on github.com
        let github = AppDependencies.live(configuration: GitHubConfiguration(), databaseFolder: folder)
        try github.people.add(.stub(id: 1, login: "octocat"))

        // When the Enterprise server is chosen, where id 1 is someone else
        let corporate = try #require(github.live(configuration: GitHubConfiguration(baseURL: enterprise), tokenStore: InMemoryTokenStore(), oauthClientID: nil))
        #expect(corporate.server == enterprise)
        #expect(try corporate.people.favorites().isEmpty, "github.com's favorites are not shown for another server")
        try corporate.people.add(.stub(id: 1, login: "jdoe"))
        try corporate.repositories.add(RepositoryFavorite(id: 7, fullName: "jdoe/tools", ownerLogin: "jdoe", name: "tools", addedAt: Date()))

        // Then going back to github.com finds octocat, not jdoe, and no repository of the other server
        let back = try #require(corporate.live(configuration: GitHubConfiguration(), tokenStore: InMemoryTokenStore(), oauthClientID: nil))
        #expect(try back.people.favorites().map(\.login) == ["octocat"])
        #expect(try back.repositories.favorites().isEmpty)
        // And each server's file holds its own
        #expect(try AppDatabase.open(at: FavoritesLocation.file(for: enterprise, in: folder)).favorites(of: People.self).map(\.login) == ["jdoe"])
        #expect(try AppDatabase.open(at: folder.appendingPathComponent("favorites.sqlite")).favorites(of: People.self).map(\.login) == ["octocat"])
    }

    @Test func choosingTheSameServerAgainKeepsTheOpenedDatabase() throws {
        let folder = AppDatabaseTests.temporaryFolder()
        let first = AppDependencies.live(configuration: GitHubConfiguration(baseURL: enterprise), databaseFolder: folder)
        try first.people.add(.stub(id: 3, login: "mona"))
        let again = try #require(first.live(configuration: GitHubConfiguration(baseURL: enterprise), tokenStore: InMemoryTokenStore(), oauthClientID: nil))
        #expect(try again.people.favorites().map(\.login) == ["mona"])
        #expect(again.people.database === first.people.database)
    }

    @Test func theOutboxOfOneServerIsNotSentToAnother() throws {
        let folder = AppDatabaseTests.temporaryFolder()
        let corporate = AppDependencies.live(configuration: GitHubConfiguration(baseURL: enterprise, token: "ghp_corporate"), databaseFolder: folder)
        try corporate.repositories.add(RepositoryFavorite(id: 9, fullName: "corp/app", ownerLogin: "corp", name: "app", addedAt: Date()))
        try AppDatabase.open(at: FavoritesLocation.file(for: enterprise, in: folder))
            .enqueueStarChange(StarChange(repositoryID: 9, fullName: "corp/app", action: .star, enqueuedAt: Date(), login: "jdoe"))
        let github = try #require(corporate.live(configuration: GitHubConfiguration(), tokenStore: InMemoryTokenStore(), oauthClientID: nil))
        let database = github.people.database
        #expect(try database.pendingStarChanges().isEmpty, "github.com's outbox does not hold the Enterprise server's change")
    }
}
