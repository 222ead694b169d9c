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
    }

    public private(set) var scope: SearchScope = .people
    public private(set) var filter = ""
    @ObservationIgnored public let people: FavoritesViewModel
    @ObservationIgnored public let repositories: RepositoryFavoritesViewModel
    @ObservationIgnored private let starSync: StarSync?

    /// `starSync`: GitHub's stars being brought in, said above the Repositories list.
    public init(people: FavoritesViewModel, repositories: RepositoryFavoritesViewModel, starSync: StarSync? = nil) {
        self.people = people
        self.repositories = repositories
        self.starSync = starSync
    }

    /// "Fetched 250 starred repositories…" while a sync brings GitHub's stars in; nil otherwise.
    public var repositoriesProgress: String? { starSync?.progress?.text }

    public func send(_ input: Input) {
        switch input {
        case .filterChanged(let text):
            filter = text
        case .scopeChanged(let newScope):
            scope = newScope
        }
        switch scope {
        case .people: people.send(.filterChanged(filter))
        case .repositories: repositories.send(.filterChanged(filter))
        }
    }
}
