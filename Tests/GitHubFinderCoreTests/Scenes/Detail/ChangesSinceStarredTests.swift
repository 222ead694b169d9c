import Foundation
import Testing
@testable import GitHubFinderCore

/// "What changed since you starred": a favorite's first profile is its baseline, kept in the
/// SQLite file with the favorite and gone with it; the detail pane says what changed since.
@MainActor
@Suite("Changes since a favorite was starred")
struct ChangesSinceStarredTests {
    let api = GitHubAPIFake()
    nonisolated static let starred = Date(timeIntervalSince1970: 1_772_496_000)  // 3 Mar 2026

    nonisolated static func profile(followers: Int = 10, repositories: Int = 8, bio: String? = "Hi") -> UserProfile {
        UserProfile(id: 1, login: "octocat", name: "The Octocat", avatarURL: nil, profileURL: nil, type: .user, bio: bio, company: nil, location: nil,
                    blog: nil, followers: followers, following: 2, publicRepositories: repositories, memberSince: nil)
    }

    @Test func theFirstProfileIsTheBaselineAndLaterOnesAreComparedWithIt() throws {
        let database = try AppDatabase.open(at: AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite"))
        #expect(try database.recordFavoriteProfile(Self.profile()) == nil, "not a favorite: nothing kept")
        try database.save(PersonFavorite.stub())
        #expect(try database.recordFavoriteProfile(Self.profile(), at: Self.starred)?.isEmpty == true)

        let changes = try #require(try database.recordFavoriteProfile(Self.profile(followers: 130, repositories: 11, bio: "Hello"), at: Self.starred + 86_400 * 30))
        #expect(changes == ProfileChanges(followers: 120, publicRepositories: 3, bioChanged: true, since: Self.starred))
        #expect(changes.summary == "+120 followers · 3 new public repositories · bio changed")
        #expect(try database.recordFavoriteProfile(Self.profile(followers: 9, repositories: 7, bio: "Hi"), at: Self.starred + 86_400 * 31)?.summary
                == "−1 follower · 1 public repository fewer", "compared with the baseline, not the last one seen")

        // Unstarred and starred again: a new baseline
        _ = try database.delete(People.self, id: 1)
        try database.save(PersonFavorite.stub())
        #expect(try database.recordFavoriteProfile(Self.profile(followers: 500), at: Self.starred + 86_400 * 40)?.isEmpty == true)
    }

    @Test func theDetailPaneSaysWhatChangedSinceTheFavoriteWasStarred() async throws {
        let store = GRDBFavoritesStore<People>(database: try AppDatabase.open(at: AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite")))
        try store.add(.stub())
        _ = try store.database.recordFavoriteProfile(Self.profile(), at: Self.starred)
        api.profile = { _ in Self.profile(followers: 1_130, bio: nil) }
        let viewModel = PersonDetailViewModel(user: .stub(), api: api, store: store, actions: .init(openURL: { _ in }, showError: { _ in }))
        viewModel.send(.load)
        #expect(await eventually { viewModel.state.changesText != nil })
        // The day as the user's LC_TIME writes it ("3 Mar 2026", "Mar 3, 2026", "2026. 3. 3.")
        let text = try #require(viewModel.state.changesText)
        #expect(text.hasPrefix("Since you starred them on ") && text.contains("2026"), "\(text)")
        #expect(text.hasSuffix(": +\(NumberText.integer(1_120)) followers · bio changed"), "\(text)")

        // Unstarred: nothing is said (nor kept)
        viewModel.send(.toggleFavorite)
        #expect(viewModel.state.changesText == nil)
        // Starred from the pane: today's profile is the baseline, so nothing changed yet
        viewModel.send(.toggleFavorite)
        #expect(await eventually { viewModel.state.isFavorite })
        #expect(viewModel.state.changesText == nil)
        #expect(try store.database.recordFavoriteProfile(Self.profile(followers: 1_131, bio: nil))?.summary == "+1 follower")
    }
}
