import Foundation
import Observation

/// Your Profile: the signed-in account's own detail (the same as anyone's), and its Following,
/// Followers and Your Repositories lists, each loaded when its tab is first shown. The tabs
/// carry GitHub's counts from the profile.
@MainActor @Observable
public final class YourProfileViewModel {
    public enum Input: Equatable, Sendable {
        /// A tab was shown: nil is the profile itself.
        case show(AccountList?)
        /// Refresh (F5, Ctrl+R): the profile and the list shown, again.
        case refresh
    }

    public let detail: PersonDetailViewModel
    public let following: AccountListViewModel<PeopleSearchSource>
    public let followers: AccountListViewModel<PeopleSearchSource>
    public let repositories: AccountListViewModel<RepositorySearchSource>
    /// Whom the signed-in account follows: the "Following" badge on the Followers rows.
    public let followed: FollowedPeople?
    /// The tab shown: nil for the profile.
    public private(set) var shown: AccountList?

    public init(detail: PersonDetailViewModel, following: AccountListViewModel<PeopleSearchSource>, followers: AccountListViewModel<PeopleSearchSource>,
                repositories: AccountListViewModel<RepositorySearchSource>, followed: FollowedPeople? = nil) {
        self.followed = followed
        self.detail = detail
        self.following = following
        self.followers = followers
        self.repositories = repositories
        trackCounts()
    }

    public func send(_ input: Input) {
        switch input {
        case .show(let list):
            shown = list
            if let list { send(.load, to: list) }
        case .refresh:
            detail.send(.refresh)
            if let shown { send(.refresh, to: shown) }
        }
    }

    private enum ListInput { case load, refresh }

    private func send(_ input: ListInput, to list: AccountList) {
        switch (list, input) {
        case (.following, .load): following.send(.load)
        case (.following, .refresh): following.send(.refresh)
        case (.followers, .load): followers.send(.load)
        case (.followers, .refresh): followers.send(.refresh)
        case (.repositories, .load): repositories.send(.load)
        case (.repositories, .refresh): repositories.send(.refresh)
        }
    }

    /// The profile's counts on the tabs, now and whenever the profile changes (a revalidation,
    /// a follow made elsewhere in the app).
    private func trackCounts() {
        let profile = withObservationTracking { detail.state.profile } onChange: { [weak self] in
            Task { @MainActor [weak self] in self?.trackCounts() }
        }
        following.setTotal(profile?.following)
        followers.setTotal(profile?.followers)
    }
}
