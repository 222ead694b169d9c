import Foundation
import Testing
@testable import GitHubFinderCore

/// Follow / Unfollow in a person's detail, with a scripted GitHub: shown only signed in and for
/// someone else, instant, and rolled back with GitHub's words when refused.
@MainActor
@Suite("Detail: Follow and Unfollow")
struct PersonDetailFollowTests {
    let api = GitHubAPIFake()
    let store = GRDBFavoritesStore<People>(database: .inMemory())

    func makeViewModel(account: String?, errors: Recorder<String>? = nil) -> PersonDetailViewModel {
        api.profile = { _ in PersonDetailViewModelTests.profile }
        return PersonDetailViewModel(user: .stub(), api: api, store: store, account: { account },
                               actions: .init(openURL: { _ in }, showError: { errors?.append($0) }))
    }

    @Test func signedOutThereIsNoFollowButtonAndGitHubIsNotAsked() async {
        let viewModel = makeViewModel(account: nil)
        viewModel.send(.load)
        #expect(await eventually { viewModel.state.phase == .loaded })
        #expect(viewModel.state.follow == nil)
        #expect(!api.calls.contains { $0.hasPrefix("is following") })
    }

    @Test func yourOwnProfileHasNoFollowButton() async {
        let viewModel = makeViewModel(account: "OctoCat")
        viewModel.send(.load)
        #expect(await eventually { viewModel.state.phase == .loaded })
        #expect(viewModel.state.follow == nil)
    }

    @Test func signedInTheStateIsAskedAndFollowIsInstantThenSent() async {
        api.followed = { _ in false }
        let sent = Gate()
        api.followChange = { _, _ in await sent.wait() }
        let viewModel = makeViewModel(account: "mona")
        viewModel.send(.load)
        #expect(await eventually { viewModel.state.follow == FollowState(isFollowing: false) })
        #expect(viewModel.state.follow?.label == "Follow")

        viewModel.send(.toggleFollow)
        // At once, before GitHub answers: Unfollow, and one more follower
        #expect(viewModel.state.follow == FollowState(isFollowing: true, isChanging: true))
        #expect(viewModel.state.follow?.label == "Unfollow")
        #expect(viewModel.state.follow?.isEnabled == false, "no second change while one is on its way")
        #expect(viewModel.state.profile?.followers == 11)
        await sent.open()
        #expect(await eventually { viewModel.state.follow == FollowState(isFollowing: true) })
        #expect(api.calls.contains("follow octocat"))
    }

    @Test func aRefusedFollowIsRolledBackWithGitHubsWordsAndTheMissingScope() async {
        api.followed = { _ in false }
        api.followChange = { _, _ throws(GitHubError) in
            throw .refused(GitHubRefusal(status: 404, message: "Not Found", acceptedScopes: ["user", "user:follow"], tokenScopes: ["public_repo"]))
        }
        let errors = Recorder<String>()
        let viewModel = makeViewModel(account: "mona", errors: errors)
        viewModel.send(.load)
        #expect(await eventually { viewModel.state.follow?.isEnabled == true })
        viewModel.send(.toggleFollow)
        #expect(await eventually { viewModel.state.follow == FollowState(isFollowing: false) })
        #expect(viewModel.state.profile?.followers == 10, "the count is GitHub's again")
        #expect(errors.values == ["GitHub refused to follow octocat: Not Found. A classic token needs the user:follow scope to follow people: sign in again to grant it."])
    }

    @Test func anUnfollowThatCannotReachGitHubIsRolledBackAndSaysSo() async {
        api.followed = { _ in true }
        api.followChange = { _, _ throws(GitHubError) in throw .offline(.notConnected) }
        let errors = Recorder<String>()
        let viewModel = makeViewModel(account: "mona", errors: errors)
        viewModel.send(.load)
        #expect(await eventually { viewModel.state.follow == FollowState(isFollowing: true) })
        viewModel.send(.toggleFollow)
        #expect(await eventually { viewModel.state.follow == FollowState(isFollowing: true) && !errors.values.isEmpty })
        #expect(errors.values.first?.hasPrefix("Could not unfollow octocat.") == true)
    }

    @Test func aFailedCheckHidesTheButtonRatherThanGuess() async {
        api.followed = { _ throws(GitHubError) in throw .serverError(status: 502) }
        let viewModel = makeViewModel(account: "mona")
        viewModel.send(.load)
        #expect(await eventually { viewModel.state.phase == .loaded && api.calls.contains("is following octocat") })
        #expect(await eventually { viewModel.state.follow == nil })
    }
}

/// Collects what a closure was given, on the main actor.
@MainActor
final class Recorder<Value> {
    private(set) var values: [Value] = []
    func append(_ value: Value) { values.append(value) }
}
