import Foundation
import Testing
@testable import GitHubFinderCore

@MainActor
@Suite("Detail view model")
struct PersonDetailViewModelTests {
    let api = GitHubAPIFake()
    let store = GRDBFavoritesStore<People>(database: .inMemory())
    nonisolated static let profile = UserProfile(
        id: 1, login: "octocat", name: "The Octocat", avatarURL: nil, profileURL: URL(string: "https://github.com/octocat"),
        type: .user, bio: "<b>hi</b>", company: "@github", location: "San Francisco", blog: "github.blog",
        followers: 10, following: 2, publicRepositories: 8, memberSince: Date(timeIntervalSince1970: 1_300_000_000)
    )

    func makeViewModel(opened: @escaping @MainActor (URL) -> Void = { _ in }) -> PersonDetailViewModel {
        PersonDetailViewModel(user: .stub(), api: api, store: store, actions: .init(openURL: opened, showError: { _ in }))
    }

    @Test func theCachedProfileShowsAtOnceThenTheRevalidatedOne() async {
        var stale = Self.profile
        stale.followers = 1
        api.cached = { [stale] _ in stale }
        api.profile = { _ in Self.profile }
        let viewModel = makeViewModel()
        viewModel.send(.load)
        #expect(viewModel.state.phase == .loaded)
        #expect(viewModel.state.profile?.followers == 1)
        #expect(await eventually { viewModel.state.profile?.followers == 10 })
    }

    @Test func withoutACacheItLoadsAndAFailureIsItsPage() async {
        api.profile = { _ throws(GitHubError) in throw .notFound }
        let viewModel = makeViewModel()
        viewModel.send(.load)
        #expect(viewModel.state.phase == .loading)
        #expect(await eventually { viewModel.state.phase == .failed(message: "Not found on GitHub.") })
    }

    @Test func openInBrowserPassesTheProfileURLAndTheBlogGetsAScheme() async {
        api.profile = { _ in Self.profile }
        var opened: [URL] = []
        let viewModel = makeViewModel { opened.append($0) }
        viewModel.send(.load)
        #expect(await eventually { viewModel.state.phase == .loaded })
        viewModel.send(.openInBrowser)
        viewModel.send(.openBlog)
        #expect(opened.map(\.absoluteString) == ["https://github.com/octocat", "https://github.blog"])
    }

    @Test func theStarTogglesTheStoreAndFollowsItFromElsewhere() async throws {
        api.profile = { _ in Self.profile }
        let viewModel = makeViewModel()
        viewModel.send(.load)
        #expect(await eventually { viewModel.state.phase == .loaded })
        viewModel.send(.toggleFavorite)
        #expect(viewModel.state.starLabel == "Remove from favorites")
        #expect(try store.favorites().first?.name == "The Octocat")
        try store.remove(id: 1)
        #expect(await eventually { !viewModel.state.isFavorite })
    }
}
