import Foundation
import Observation

/// The Favorites tab: one filter entry, the People | Repositories switch, and a list for each.
/// The filter text is kept when switching and applied to the list shown (a hidden list is not
/// filtered on every keystroke: switching to it filters it once).
@MainActor @Observable
public final class FavoritesTabViewModel {
    public enum Input: Equatable, Sendable {
        case filterChanged(String)
        case scopeChanged(SearchScope)
        /// Stops "Add everyone you follow to Favorites" (its Cancel button).
        case cancelImport
    }

    public private(set) var scope: SearchScope = .people
    public private(set) var filter = ""
    @ObservationIgnored public let people: PeopleFavoritesViewModel
    @ObservationIgnored public let repositories: RepositoryFavoritesViewModel
    @ObservationIgnored private let starSync: StarSync?
    @ObservationIgnored private let followingImport: FollowingImport?
    /// Whom the signed-in account follows: the "Following" badge on the People rows.
    @ObservationIgnored public let followed: FollowedPeople?

    /// `starSync`: GitHub's stars being brought in, said above the Repositories list;
    /// `followingImport`: the people you follow being added, said above the People list.
    public init(people: PeopleFavoritesViewModel, repositories: RepositoryFavoritesViewModel, starSync: StarSync? = nil, followingImport: FollowingImport? = nil,
                followed: FollowedPeople? = nil) {
        self.followed = followed
        self.people = people
        self.repositories = repositories
        self.starSync = starSync
        self.followingImport = followingImport
    }

    /// "Adding people you follow… 300 of 5,000" with its fraction while an import runs.
    public var peopleProgress: FollowingImportProgress? { followingImport?.progress }

    /// "Fetched 250 starred repositories…" while a sync brings GitHub's stars in; nil otherwise.
    public var repositoriesProgress: String? { starSync?.progress?.text }

    public func send(_ input: Input) {
        switch input {
        case .filterChanged(let text):
            filter = text
        case .scopeChanged(let newScope):
            scope = newScope
        case .cancelImport:
            followingImport?.cancel()
            return
        }
        switch scope {
        case .people: people.send(.filterChanged(filter))
        case .repositories: repositories.send(.filterChanged(filter))
        }
    }
}
