import Foundation
import Observation

/// One list of Your Profile (Following, Followers, Your Repositories): GitHub's pages of it,
/// 100 at a time, following `Link` and dropping repeats, in the same rows as search results and
/// starred the same way (`source`).
@MainActor @Observable
public final class AccountListViewModel<Source: SearchSource> where Source.Item: Hashable {
    public enum Input: Equatable, Sendable {
        /// Loaded once, when the tab is first shown.
        case load
        /// Refresh (F5, Ctrl+R) or Retry: the first page again; the rows stay until it comes.
        case refresh
        case reachedEnd
        case toggleFavorite(Int64)
        case select(Int64)
    }

    public struct Actions {
        public var showDetail: @MainActor (Source.Item) -> Void
        public var showError: @MainActor (String) -> Void
        /// GitHub answered 401: sign in, then call `retry`.
        public var signInRequired: @MainActor (_ retry: @escaping @MainActor () -> Void) -> Void

        public init(showDetail: @escaping @MainActor (Source.Item) -> Void, showError: @escaping @MainActor (String) -> Void,
                    signInRequired: @escaping @MainActor (_ retry: @escaping @MainActor () -> Void) -> Void = { _ in }) {
            self.showDetail = showDetail
            self.showError = showError
            self.signInRequired = signInRequired
        }
    }

    /// A page of the list: the first when `url` is nil, else the one a `Link` named.
    public typealias Fetch = @Sendable (_ url: URL?) async throws(GitHubError) -> Page<Source.Item>

    public internal(set) var state: AccountListState<Source.Row>

    @ObservationIgnored private let source: Source
    @ObservationIgnored private let fetch: Fetch
    @ObservationIgnored private let actions: Actions
    @ObservationIgnored private var items: [Source.Item] = []
    @ObservationIgnored private var next: URL?
    @ObservationIgnored private var favoriteIDs: Set<Int64> = []
    @ObservationIgnored private var loadTask: Task<Void, Never>?
    @ObservationIgnored private var observationTask: Task<Void, Never>?
    @ObservationIgnored private var started = false

    public init(list: AccountList, source: Source, fetch: @escaping Fetch, actions: Actions) {
        state = AccountListState(list: list)
        self.source = source
        self.fetch = fetch
        self.actions = actions
        let stream = source.observeFavoriteIDs()
        observationTask = Task { [weak self] in
            for await ids in stream { self?.favoritesChanged(ids) }
        }
    }

    isolated deinit {
        observationTask?.cancel()
        loadTask?.cancel()
    }

    public func send(_ input: Input) {
        switch input {
        case .load:
            guard !started else { return }
            loadFirstPage()
        case .refresh: loadFirstPage()
        case .reachedEnd: loadNextPage()
        case .toggleFavorite(let id): toggleFavorite(id)
        case .select(let id):
            if let item = items.first(where: { $0.id == id }) { actions.showDetail(item) }
        }
    }

    /// GitHub's count for the tab (from the profile), when known.
    public func setTotal(_ total: Int?) {
        if state.total != total { state.total = total }
    }

    private func loadFirstPage() {
        started = true
        loadTask?.cancel()
        if state.rows.isEmpty { state.phase = .loading }
        state.pagingError = nil
        loadTask = Task { [weak self, fetch] in
            let result = await Result(catching: { () async throws(GitHubError) in try await fetch(nil) })
            guard let self, !Task.isCancelled else { return }
            switch result {
            case .success(let page):
                items = []
                next = page.next
                append(page.items)
                state.phase = .loaded
            case .failure(.cancelled):
                break
            case .failure(let error):
                if case .unauthorized = error { actions.signInRequired { [weak self] in self?.send(.refresh) } }
                if state.rows.isEmpty { state.phase = .failed(message: error.localizedDescription) } else {
                    state.phase = .loaded
                    actions.showError(error.localizedDescription)
                }
            }
        }
    }

    private func loadNextPage() {
        guard state.phase == .loaded, let url = next else { return }
        state.phase = .loadingMore
        loadTask = Task { [weak self, fetch] in
            let result = await Result(catching: { () async throws(GitHubError) in try await fetch(url) })
            guard let self, !Task.isCancelled else { return }
            state.phase = .loaded
            switch result {
            case .success(let page):
                next = page.next
                append(page.items)
            case .failure(.cancelled):
                break
            case .failure(let error):
                // The rows stay; scrolling to the end asks again.
                state.pagingError = tr("More could not be loaded: {reason}", ["reason": error.localizedDescription])
                actions.showError(state.pagingError ?? "")
            }
        }
    }

    /// Adds a page's items, dropping any already shown (a list that changed between pages).
    private func append(_ page: [Source.Item]) {
        var known = Set(items.map(\.id))
        let fresh = page.filter { known.insert($0.id).inserted }
        items += fresh
        state.rows = items.map { source.row(for: $0, isFavorite: favoriteIDs.contains($0.id)) }
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
        guard let index = state.rows.firstIndex(where: { $0.id == id }), let item = items.first(where: { $0.id == id }) else { return }
        do {
            try source.setFavorite(item, !state.rows[index].isFavorite)
            state.rows[index].isFavorite.toggle()
        } catch {
            actions.showError(error.localizedDescription)
        }
    }
}
