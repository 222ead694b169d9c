import Foundation
import Observation

/// The Search tab: debounced queries, latest-wins requests, paging, sort, star toggles.
@MainActor @Observable
public final class SearchViewModel {
    public enum Input: Equatable, Sendable {
        case queryChanged(String)
        /// Enter: search now, without waiting for the pause in typing.
        case submit
        /// Escape: clear the query and the results.
        case clear
        /// The list is near its end: load the next page.
        case reachedEnd
        case sortChanged(UserSearchSort)
        /// Retry after an error page or a failed next page.
        case retry
        case toggleFavorite(UserID)
        case select(UserID)
        /// "Sign In…" on the Sign In Required page.
        case signIn
    }

    /// Where the coordinator takes over.
    public struct Actions {
        public var showDetail: @MainActor (User) -> Void
        public var showError: @MainActor (String) -> Void
        /// GitHub answered 401: sign in, then call `retry` (the same query, page and sort).
        public var signInRequired: @MainActor (_ retry: @escaping @MainActor () -> Void) -> Void

        public init(showDetail: @escaping @MainActor (User) -> Void, showError: @escaping @MainActor (String) -> Void,
                    signInRequired: @escaping @MainActor (_ retry: @escaping @MainActor () -> Void) -> Void = { _ in }) {
            self.showDetail = showDetail
            self.showError = showError
            self.signInRequired = signInRequired
        }
    }

    public internal(set) var state = SearchState()

    @ObservationIgnored let api: any GitHubAPI
    @ObservationIgnored let favorites: any FavoritesStore
    @ObservationIgnored let clock: any Clock<Duration>
    @ObservationIgnored let now: @Sendable () -> Date
    @ObservationIgnored let actions: Actions
    @ObservationIgnored let debounce: Duration
    @ObservationIgnored let perPage: Int
    @ObservationIgnored var results = UserSearchResults()
    @ObservationIgnored var favoriteIDs: Set<UserID> = []
    @ObservationIgnored var searchTask: Task<Void, Never>?
    @ObservationIgnored var pageTask: Task<Void, Never>?
    @ObservationIgnored var countdownTask: Task<Void, Never>?
    /// After a 403/429 on a next page: no further page is asked for before this time.
    @ObservationIgnored var nextPageNotBefore: Date?
    @ObservationIgnored private var observationTask: Task<Void, Never>?

    public init(
        api: any GitHubAPI, favorites: any FavoritesStore, clock: any Clock<Duration>, actions: Actions,
        now: @escaping @Sendable () -> Date = Date.init, debounce: Duration = .milliseconds(350), perPage: Int = UserSearchRequest.maximumPerPage
    ) {
        self.api = api
        self.favorites = favorites
        self.clock = clock
        self.now = now
        self.actions = actions
        self.debounce = debounce
        self.perPage = perPage
        let stream = favorites.observeFavoriteIDs()
        observationTask = Task { [weak self] in
            for await ids in stream { self?.favoritesChanged(ids) }
        }
    }

    isolated deinit {
        observationTask?.cancel()
        searchTask?.cancel()
        pageTask?.cancel()
        countdownTask?.cancel()
    }

    public func send(_ input: Input) {
        switch input {
        case .queryChanged(let text): queryChanged(text)
        case .submit: startSearch(debounced: false)
        case .clear: queryChanged("")
        case .reachedEnd: loadNextPage()
        case .sortChanged(let sort):
            guard sort != state.sort else { return }
            state.sort = sort
            startSearch(debounced: false)
        case .retry: retry()
        case .toggleFavorite(let id): toggleFavorite(id)
        case .select(let id):
            if let user = results.users.first(where: { $0.id == id }) { actions.showDetail(user) }
        case .signIn:
            actions.signInRequired { [weak self] in self?.send(.retry) }
        }
    }

    private func queryChanged(_ text: String) {
        guard text != state.query else { return }
        state.query = text
        if SearchQuery(text) == nil {
            cancelWork()
            results = UserSearchResults()
            state.rows = []
            state.phase = .initial
            state.paging = .idle
            state.totalCount = 0
            state.capNotice = nil
        } else {
            startSearch(debounced: true)
        }
    }

    private func retry() {
        if case .failed = state.paging {
            state.paging = .idle
            loadNextPage()
        } else if state.phase != .results {
            startSearch(debounced: false)
        }
    }

    func cancelWork() {
        searchTask?.cancel()
        pageTask?.cancel()
        countdownTask?.cancel()
        state.rateLimitSecondsRemaining = nil
    }

    private func favoritesChanged(_ ids: Set<UserID>) {
        favoriteIDs = ids
        let updated = state.rows.map { row in
            var row = row
            row.isFavorite = ids.contains(row.id)
            return row
        }
        if updated != state.rows { state.rows = updated }
    }

    private func toggleFavorite(_ id: UserID) {
        guard let index = state.rows.firstIndex(where: { $0.id == id }), let user = results.users.first(where: { $0.id == id }) else { return }
        do {
            if state.rows[index].isFavorite {
                try favorites.remove(id: id)
            } else {
                // With the name when a profile is cached, else filled in by one profile request.
                try FavoriteStarrer(api: api, store: favorites).star(user)
            }
            // Shown at once; the store's observation confirms it everywhere else.
            state.rows[index].isFavorite.toggle()
        } catch {
            actions.showError(error.localizedDescription)
        }
    }

    func row(for user: User) -> SearchRow {
        SearchRow(id: user.id, login: user.login, avatarURL: user.avatarURL, badge: SearchState.badge(for: user.type), isFavorite: favoriteIDs.contains(user.id))
    }
}
