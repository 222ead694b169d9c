import Foundation
import Testing
@testable import GitHubFinderCore

/// Your Profile with a scripted GitHub: each list loads when its tab is first shown, pages by
/// its `Link` without repeats, stars like search rows, and the tabs carry the profile's counts.
@MainActor
@Suite("Your Profile")
struct YourProfileViewModelTests {
    let api = GitHubAPIFake()
    let store = GRDBFavoritesStore<People>(database: .inMemory())
    let next = URL(string: "https://api.example/user/following?page=2")!

    func makeViewModel(errors: Recorder<String>? = nil, opened: Recorder<String>? = nil) -> YourProfileViewModel {
        api.profile = { _ in PersonDetailViewModelTests.profile }
        let dependencies = AppDependencies(api: api, database: store.database)
        return dependencies.makeYourProfileViewModel(
            profile: PersonDetailViewModelTests.profile, detailActions: .init(openURL: { _ in }, showError: { errors?.append($0) }),
            showPerson: { opened?.append($0.login) }, showRepository: { opened?.append($0.fullName) }, showError: { errors?.append($0) })
    }

    nonisolated static func people(_ range: ClosedRange<Int>) -> [User] {
        range.map { User.stub(id: UserID($0), login: "person\($0)") }
    }

    @Test func aListLoadsOnlyWhenItsTabIsFirstShown() async {
        api.networkPage = { _ in Page(items: Self.people(1...3), next: nil) }
        let viewModel = makeViewModel()
        viewModel.detail.send(.load)
        #expect(await eventually { viewModel.detail.state.phase == .loaded })
        #expect(!api.calls.contains { $0.hasPrefix("network") }, "nothing is fetched for a tab not shown")

        viewModel.send(.show(.following))
        #expect(await eventually { viewModel.following.state.phase == .loaded })
        #expect(viewModel.following.state.rows.map(\.login) == ["person1", "person2", "person3"])
        viewModel.send(.show(nil))
        viewModel.send(.show(.following))
        #expect(api.calls.filter { $0 == "network following" }.count == 1, "shown again, it is not fetched again")
        #expect(!api.calls.contains("network followers"))
    }

    @Test func theTabsCarryTheProfilesCounts() async {
        let viewModel = makeViewModel()
        viewModel.detail.send(.load)
        #expect(await eventually { viewModel.following.state.total == 2 && viewModel.followers.state.total == 10 })
        #expect(viewModel.following.state.countText == "2")
        #expect(viewModel.followers.state.countText == "10")
    }

    @Test func laterPagesFollowTheLinkAndDropRepeats() async {
        api.networkPage = { _ in Page(items: Self.people(1...100), next: URL(string: "https://api.example/user/following?page=2")!) }
        api.usersPage = { _ in Page(items: Self.people(100...150), next: nil) }
        let viewModel = makeViewModel()
        viewModel.send(.show(.following))
        #expect(await eventually { viewModel.following.state.rows.count == 100 })
        viewModel.following.send(.reachedEnd)
        #expect(await eventually { viewModel.following.state.rows.count == 150 })
        #expect(Set(viewModel.following.state.rows.map(\.id)).count == 150)
        #expect(api.calls.contains("users page https://api.example/user/following?page=2"))
        viewModel.following.send(.reachedEnd)
        #expect(api.calls.filter { $0.hasPrefix("users page") }.count == 1, "no page after the last")
    }

    @Test func anEmptyListSaysSoAndAFailureOffersRetry() async {
        api.networkPage = { direction throws(GitHubError) in
            if direction == .followers { throw .offline(.notConnected) }
            return Page(items: [], next: nil)
        }
        let viewModel = makeViewModel()
        viewModel.send(.show(.following))
        #expect(await eventually { viewModel.following.state.statePage?.title == "Not Following Anyone" })
        viewModel.send(.show(.followers))
        #expect(await eventually { viewModel.followers.state.statePage?.button == "Retry" })
        api.networkPage = { _ in Page(items: Self.people(1...1), next: nil) }
        viewModel.followers.send(.refresh)
        #expect(await eventually { viewModel.followers.state.rows.count == 1 && viewModel.followers.state.statePage == nil })
    }

    @Test func rowsStarLikeSearchRowsAndOpenTheirDetail() async throws {
        api.networkPage = { _ in Page(items: Self.people(1...2), next: nil) }
        let opened = Recorder<String>()
        let viewModel = makeViewModel(opened: opened)
        viewModel.send(.show(.followers))
        #expect(await eventually { viewModel.followers.state.rows.count == 2 })
        viewModel.followers.send(.toggleFavorite(2))
        #expect(viewModel.followers.state.rows.map(\.isFavorite) == [false, true])
        #expect(try store.favorites().map(\.login) == ["person2"])
        viewModel.followers.send(.select(1))
        #expect(opened.values == ["person1"])
        // Starred elsewhere (the same person in Following): shown here too
        try store.add(.stub(id: 1, login: "person1"))
        #expect(await eventually { viewModel.followers.state.rows.map(\.isFavorite) == [true, true] })
    }

    @Test func yourRepositoriesAreListedAndOpenTheRepositoryDetail() async {
        let repository = Repository(id: 9, name: "tools", fullName: "octocat/tools", description: nil, language: "Swift",
                                    stars: 3, forks: 0, isFork: false, isArchived: false, pushedAt: nil, htmlURL: nil)
        api.ownRepositories = { Page(items: [repository], next: nil) }
        let opened = Recorder<String>()
        let viewModel = makeViewModel(opened: opened)
        viewModel.send(.show(.repositories))
        #expect(await eventually { viewModel.repositories.state.rows.map(\.fullName) == ["octocat/tools"] })
        viewModel.repositories.send(.select(9))
        #expect(opened.values == ["octocat/tools"])
    }
}
