import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// Following from the GitHub double over real HTTP on loopback: the check, PUT and DELETE on
/// `/user/following/{username}`, the paged lists, your repositories, and the refusal of a token
/// without `user:follow`; then the detail pane's Follow against it.
@Suite("Live client: following")
struct LiveClientFollowTests {
    @Test func followingIsCheckedPutAndDeletedWithAnEmptyBody() async throws {
        try await withLiveDouble { server, client in
            client.credentials.token = server.issueToken(for: "octocat", scopes: ["public_repo", "user:follow"])
            try server.setFollowing(of: "octocat", count: 0)
            #expect(try await client.isFollowing(login: "mojombo") == false)

            try await client.follow(login: "mojombo")
            #expect(server.following(of: "octocat") == ["mojombo"])
            let put = try #require(server.receivedRequests.last)
            #expect(put.target == "/user/following/mojombo")
            #expect(put.headers["content-length"] == "0")
            #expect(try await client.isFollowing(login: "mojombo"))

            try await client.unfollow(login: "mojombo")
            #expect(server.following(of: "octocat").isEmpty)
            #expect(try await client.isFollowing(login: "mojombo") == false)
        }
    }

    @Test func theNetworkComesAHundredAPageAndFollowsItsLinks() async throws {
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            try server.setFollowing(of: "octocat", count: 250)
            var logins: [String] = []
            var page = try await client.network(.following)
            #expect(server.receivedRequests.last?.queryValue("per_page") == "100")
            logins += page.items.map(\.login)
            while let next = page.next {
                page = try await client.users(page: next)
                logins += page.items.map(\.login)
            }
            #expect(logins.count == 250)
            #expect(Set(logins) == Set(server.following(of: "octocat")))
            let followers = try await client.network(.followers)
            #expect(!followers.items.isEmpty)
        }
    }

    @Test func yourRepositoriesAreYourOwnMostRecentlyPushedFirst() async throws {
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            let page = try await client.yourRepositories()
            #expect(!page.items.isEmpty)
            #expect(page.items.allSatisfy { $0.fullName.lowercased().hasPrefix("octocat/") })
            #expect(server.receivedRequests.last?.target.hasPrefix("/user/repos?") == true)
        }
    }

    @Test func aClassicTokenWithoutUserFollowIsRefusedAndTheScopeNamed() async throws {
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            try server.setFollowing(of: "octocat", count: 0)
            let error = await thrownError { try await client.follow(login: "mojombo") }
            guard case .refused(let refusal) = error else {
                Issue.record("expected a refusal, got \(String(describing: error))")
                return
            }
            #expect(refusal.status == 404)
            #expect(refusal.missingScope == "user:follow")
            #expect(server.following(of: "octocat").isEmpty)
        }
    }

    @MainActor
    @Test func theDetailsFollowButtonFollowsOnGitHub() async throws {
        try await withLiveDouble { server, client in
            client.credentials.token = server.issueToken(for: "octocat", scopes: ["public_repo", "user:follow"])
            try server.setFollowing(of: "octocat", count: 0)
            let detail = PersonDetailViewModel(user: User(id: 1, login: "mojombo", avatarURL: nil, profileURL: nil, type: .user), api: client,
                                         store: GRDBFavoritesStore<People>(database: .inMemory()), account: { "octocat" },
                                         actions: .init(openURL: { _ in }, showError: { Issue.record("unexpected error: \($0)") }))
            detail.send(.load)
            #expect(await eventually { detail.state.follow == FollowState(isFollowing: false) })
            let followers = try #require(detail.state.profile?.followers)
            detail.send(.toggleFollow)
            #expect(await eventually { detail.state.follow == FollowState(isFollowing: true) })
            #expect(server.following(of: "octocat") == ["mojombo"])
            // Seen again, GitHub's count agrees with the one shown at once
            let profiles = server.requestCount(.user)
            detail.send(.refresh)
            #expect(await eventually { server.requestCount(.user) > profiles && detail.state.profile?.followers == followers + 1 })
            #expect(await eventually { detail.state.follow == FollowState(isFollowing: true) })
        }
    }

    @MainActor
    @Test func everyoneYouFollowIsAddedToTheFavoritesFileOnce() async throws {
        try await withLiveDouble(signedInAs: "octocat") { server, client in
            try server.setFollowing(of: "octocat", count: 250)
            let file = FileManager.default.temporaryDirectory.appendingPathComponent("ghf-import-\(UUID().uuidString).sqlite")
            defer { try? FileManager.default.removeItem(at: file) }
            let store = GRDBFavoritesStore<People>(database: try AppDatabase.open(at: file))
            let importing = FollowingImport(api: client, store: store, account: { "octocat" })
            let outcomes = Recorder<FollowingImportOutcome>()
            importing.start { outcomes.append($0) }
            await importing.wait()
            #expect(outcomes.values == [.finished(.init(added: 250, alreadyFavorites: 0))])
            #expect(outcomes.values.first?.message == "Added 250 people")
            let reopened = try GRDBFavoritesStore<People>(database: AppDatabase.open(at: file)).favorites()
            #expect(Set(reopened.map(\.login)) == Set(server.following(of: "octocat")), "every person followed is a favorite in the file")

            importing.start { outcomes.append($0) }
            await importing.wait()
            #expect(outcomes.values.last?.message == "Everyone you follow is already a favorite")
            #expect(try store.favorites().count == 250)
        }
    }
}
