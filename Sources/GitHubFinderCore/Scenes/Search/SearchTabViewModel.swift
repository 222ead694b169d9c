import Foundation
import Observation

/// What the Search tab searches: people or repositories.
public enum SearchScope: String, Sendable, CaseIterable {
    case people
    case repositories

    /// The scope switch's label, also its accessible name (DESIGN §5).
    public var title: String {
        switch self {
        case .people: tr("People")
        case .repositories: tr("Repositories")
        }
    }

    /// The search entry's accessible name in this scope (DESIGN §5).
    public var entryName: String {
        switch self {
        case .people: AccessibleNames.searchEntry
        case .repositories: tr("Search GitHub repositories")
        }
    }

    /// What the search entry says while empty.
    public var placeholder: String {
        switch self {
        case .people: tr("Search GitHub users")
        case .repositories: tr("Search repositories")
        }
    }
}

/// The Repositories scope of the Search tab.
public typealias RepositorySearchViewModel = ScopedSearchViewModel<RepositorySearchSource>

/// The Search tab: one entry, the People | Repositories switch, and a scope model for each.
/// The query is kept when switching; each scope keeps its own results, and a scope is searched
/// only while shown (switching to it searches the query if it has not searched it yet).
@MainActor @Observable
public final class SearchTabViewModel {
    public enum Input: Equatable, Sendable {
        case queryChanged(String)
        case submit
        case clear
        case scopeChanged(SearchScope)
        /// Refresh (F5, Ctrl+R): the scope shown searches its query again.
        case refresh
        /// The Filters popover's Apply: the qualifiers written into the query, searched at once.
        case applyFilters(SearchQualifiers)
        /// A recent search of the scope shown, picked: searched at once.
        case searchRecent(String)
        case removeRecent(String)
    }

    public private(set) var scope: SearchScope = .people
    @ObservationIgnored public let people: PeopleSearchViewModel
    @ObservationIgnored public let repositories: RepositorySearchViewModel
    /// Whom the signed-in account follows: the "Following" badge on people's rows.
    @ObservationIgnored public let followed: FollowedPeople?

    public init(people: PeopleSearchViewModel, repositories: RepositorySearchViewModel, followed: FollowedPeople? = nil) {
        self.people = people
        self.repositories = repositories
        self.followed = followed
    }

    /// The query of the scope on screen (both scopes have it once shown).
    public var query: String {
        switch scope {
        case .people: people.state.query
        case .repositories: repositories.state.query
        }
    }

    /// The qualifiers in the query, as the Filters popover shows them when it opens.
    public var filters: SearchQualifiers { SearchQualifiers(parsing: query) }

    public func send(_ input: Input) {
        switch input {
        case .queryChanged(let text): sendToShown(.queryChanged(text), .queryChanged(text))
        case .submit: sendToShown(.submit, .submit)
        case .clear: sendToShown(.clear, .clear)
        case .scopeChanged(let newScope):
            guard newScope != scope else { return }
            let text = query
            scope = newScope
            if newScope == .repositories { repositories.listHistory() }
            sendToShown(.queryChanged(text), .queryChanged(text))
        case .refresh: sendToShown(.refresh, .refresh)
        case .searchRecent(let query): sendToShown(.searchRecent(query), .searchRecent(query))
        case .removeRecent(let query): sendToShown(.removeRecent(query), .removeRecent(query))
        case .applyFilters(let filters):
            let text = filters.applied(to: query)
            guard text != query else { return }
            sendToShown(.queryChanged(text), .queryChanged(text))
            sendToShown(.submit, .submit)
        }
    }

    private func sendToShown(_ forPeople: PeopleSearchViewModel.Input, _ forRepositories: RepositorySearchViewModel.Input) {
        switch scope {
        case .people: people.send(forPeople)
        case .repositories: repositories.send(forRepositories)
        }
    }
}
