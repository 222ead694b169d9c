import Foundation
import Logging
import Observation

/// The People scope of the Search tab.
public typealias PeopleSearchViewModel = ScopedSearchViewModel<PeopleSearchSource>

extension ScopedSearchViewModel where Source == PeopleSearchSource {
    public convenience init(
        api: any GitHubAPI, favorites: any PersonFavoritesStore, clock: any Clock<Duration>, actions: Actions,
        now: @escaping @Sendable () -> Date = Date.init, debounce: Duration = .milliseconds(350), perPage: Int = UserSearchRequest.maximumPerPage
    ) {
        self.init(source: PeopleSearchSource(api: api, favorites: favorites), clock: clock, actions: actions, now: now, debounce: debounce, perPage: perPage)
    }
}

/// One scope of the Search tab: debounced queries, latest-wins requests, paging, sort, star
/// toggles, the same for people and repositories (`Source` says what differs).
@MainActor @Observable
public final class ScopedSearchViewModel<Source: SearchSource> {
    public typealias Item = Source.Item
    public enum Input: Equatable, Sendable {
        case queryChanged(String)
        /// Enter: search now, without waiting for the pause in typing.
        case submit
        /// Escape: clear the query and the results.
        case clear
        /// The list is near its end: load the next page.
        case reachedEnd
        case sortChanged(Source.Sort)
        /// Retry after an error page or a failed next page.
        case retry
        /// Refresh (F5, Ctrl+R): the query again, the results kept on screen until the new
        /// ones are in.
        case refresh
        case toggleFavorite(Int64)
        case select(Int64)
        /// "Sign In…" on the Sign In Required page.
        case signIn
        /// A recent search picked: its query searched at once.
        case searchRecent(String)
        /// A recent search's remove button.
        case removeRecent(String)
    }

    /// Where the coordinator takes over.
    public struct Actions {
        public var showDetail: @MainActor (Item) -> Void
        public var showError: @MainActor (String) -> Void
        /// GitHub answered 401: sign in, then call `retry` (the same query, page and sort).
        public var signInRequired: @MainActor (_ retry: @escaping @MainActor () -> Void) -> Void

        public init(showDetail: @escaping @MainActor (Item) -> Void, showError: @escaping @MainActor (String) -> Void,
                    signInRequired: @escaping @MainActor (_ retry: @escaping @MainActor () -> Void) -> Void = { _ in }) {
            self.showDetail = showDetail
            self.showError = showError
            self.signInRequired = signInRequired
        }
    }

    public internal(set) var state = ScopedSearchState<Source.Row, Source.Sort>()

    @ObservationIgnored let source: Source
    @ObservationIgnored var api: any GitHubAPI { source.api }
    @ObservationIgnored let clock: any Clock<Duration>
    @ObservationIgnored let now: @Sendable () -> Date
    @ObservationIgnored let actions: Actions
    @ObservationIgnored let debounce: Duration
    @ObservationIgnored let perPage: Int
    @ObservationIgnored let logger = Logger(label: "GitHubFinder.Search")
    @ObservationIgnored var results = SearchResults<Item>()
    @ObservationIgnored var favoriteIDs: Set<Int64> = []
    @ObservationIgnored var searchTask: Task<Void, Never>?
    @ObservationIgnored var pageTask: Task<Void, Never>?
    @ObservationIgnored var countdownTask: Task<Void, Never>?
    /// After a 403/429 on a next page: no further page is asked for before this time.
    @ObservationIgnored var nextPageNotBefore: Date?
    @ObservationIgnored private var observationTask: Task<Void, Never>?
    /// Where searched queries are written down (nil: nowhere, as in most tests).
    @ObservationIgnored private(set) var history: SearchHistory?
    @ObservationIgnored private var historyTask: Task<Void, Never>?

    public init(
        source: Source, clock: any Clock<Duration>, actions: Actions,
        now: @escaping @Sendable () -> Date = Date.init, debounce: Duration = .milliseconds(350), perPage: Int = UserSearchRequest.maximumPerPage
    ) {
        self.source = source
        self.clock = clock
        self.now = now
        self.actions = actions
        self.debounce = debounce
        self.perPage = perPage
        let stream = source.observeFavoriteIDs()
        observationTask = Task { [weak self] in
            for await ids in stream { self?.favoritesChanged(ids) }
        }
    }

    isolated deinit {
        historyTask?.cancel()
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
        case .refresh: refresh()
        case .toggleFavorite(let id): toggleFavorite(id)
        case .select(let id):
            if let item = results.items.first(where: { $0.id == id }) { actions.showDetail(item) }
        case .signIn:
            actions.signInRequired { [weak self] in self?.send(.retry) }
        case .searchRecent(let query):
            queryChanged(query)
            startSearch(debounced: false)
        case .removeRecent(let query):
            do { try history?.remove(query) } catch { actions.showError(error.localizedDescription) }
        }
    }

    /// Writes searched queries down in `history` and lists its recent ones (`recentSearches`),
    /// from now or, `listingNow` false, from the first `listHistory()` (a scope not shown yet
    /// reads nothing at start).
    public func useHistory(_ history: SearchHistory, listingNow: Bool = true) {
        self.history = history
        historyTask?.cancel()
        historyTask = nil
        if listingNow { listHistory() }
    }

    /// Lists the recent searches from now on (once; see `useHistory`).
    public func listHistory() {
        guard historyTask == nil, let history else { return }
        let stream = history.observe()
        historyTask = Task { [weak self] in
            for await queries in stream { self?.state.recentSearches = queries }
        }
    }

    private func queryChanged(_ text: String) {
        guard text != state.query else { return }
        state.query = text
        if SearchQuery(text) == nil {
            cancelWork()
            results = SearchResults()
            state.rows = []
            state.phase = .initial
            state.paging = .idle
            state.totalCount = 0
            state.capNotice = nil
            state.skippedNotice = nil
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

    private func favoritesChanged(_ ids: Set<Int64>) {
        favoriteIDs = ids
        let updated = state.rows.map { row in
            var row = row
            row.isFavorite = ids.contains(row.id)
            return row
        }
        if updated != state.rows { state.rows = updated }
    }

    private func toggleFavorite(_ id: Int64) {
        guard let index = state.rows.firstIndex(where: { $0.id == id }), let item = results.items.first(where: { $0.id == id }) else { return }
        do {
            try source.setFavorite(item, !state.rows[index].isFavorite)
            // Shown at once; the store's observation confirms it everywhere else.
            state.rows[index].isFavorite.toggle()
        } catch {
            actions.showError(error.localizedDescription)
        }
    }

    func row(for item: Item) -> Source.Row {
        source.row(for: item, isFavorite: favoriteIDs.contains(item.id))
    }
}
