import Foundation
import GitHubFinderCore

/// A recycled result row of one scope (a person, a repository).
@MainActor
protocol SearchRowWidget: AvatarRow {
    associatedtype Row: SearchResultRow
    static var avatarSize: Int32 { get }
    init()
    var root: Box { get }
    var onStar: (@MainActor (Int64) -> Void)? { get set }
    /// Shows `row`; `texture` is its avatar if already decoded, else it comes once shown.
    func show(_ row: Row, texture: Texture?)
}

/// The results of one scope of the Search tab: renders its `ScopedSearchState` (rows, paging
/// spinner, cap notice, state pages) and forwards scrolling, activation and stars.
@MainActor
final class SearchResultsPane<Source: SearchSource, RowWidget: SearchRowWidget> where RowWidget.Row == Source.Row {
    let root: Stack
    let list: ListView<RowWidget>
    private let viewModel: ScopedSearchViewModel<Source>
    private let states: Stack
    private let scroller: ScrolledWindow
    private let pagingSpinner: Spinner
    private let footer: Label
    /// State pages, built the first time they are needed (only one is ever on screen).
    private lazy var pages = StatePages(in: states) { [weak self] page in
        self?.viewModel.send(page.name == "signInRequired" ? .signIn : .retry)
    }
    private let showToast: @MainActor (Toast) -> Void
    /// The recent searches under an empty entry, made the first time there are some.
    private var recent: RecentSearchesPage?
    private var observation: StateObservation?
    private var rowsByID: [Int64: Source.Row] = [:]
    private var lastPagingError: String?
    private var onScreenAvatars: OnScreenAvatars!
    private var followingBadges: FollowingBadges!
    private var rendered: ScopedSearchState<Source.Row, Source.Sort>?
    private var connections: [SignalConnection] = []
    /// Told the sort of each state rendered (the sort menu's radio state).
    var onSort: (@MainActor (Source.Sort) -> Void)?

    /// `followed`: whom you follow, for the people rows' "Following" badge.
    init(viewModel: ScopedSearchViewModel<Source>, listLabel: String, avatars: AvatarTextures, followed: FollowedPeople? = nil,
         showToast: @escaping @MainActor (Toast) -> Void) {
        self.viewModel = viewModel
        self.showToast = showToast
        let builder = Builder("search-results.ui")
        states = builder.get("search_state_stack")
        root = states
        scroller = builder.get("results_scroller")
        pagingSpinner = builder.get("paging_spinner")
        pagingSpinner.spinWhileMapped()
        footer = builder.get("footer_label")
        list = ListView(makeRow: { RowWidget() }) { $0.root }
        list.widget.setAccessibleLabel(listLabel)
        scroller.setChild(list.widget)
        list.onBind = { [weak self] row, id, _ in self?.bind(row, id: id) }
        onScreenAvatars = OnScreenAvatars(scroller: scroller, avatars: avatars, drawnSize: RowWidget.avatarSize) { [weak self] in
            self.map { Array($0.list.boundRows.values) } ?? []
        }
        connections = [
            // Load the next page while a screenful of rows is still below the viewport.
            scroller.onVerticalScroll { [weak self] remaining, pageSize in
                if remaining < pageSize { self?.viewModel.send(.reachedEnd) }
            },
        ]
        list.onActivate { [weak self] id in self?.viewModel.send(.select(id)) }
        followingBadges = FollowingBadges(followed, list: list)
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    private func render(_ state: ScopedSearchState<Source.Row, Source.Sort>) {
        // The rate-limit countdown ticks once a second: only its text changes. Rendering the
        // whole state on each tick (list diff, rows rebound) would cost CPU while idle.
        if var previous = rendered, previous.rateLimitSecondsRemaining != state.rateLimitSecondsRemaining {
            previous.rateLimitSecondsRemaining = state.rateLimitSecondsRemaining
            if previous == state {
                rendered = state
                if let content = state.statePage { pages.show(content) }
                return
            }
        }
        rendered = state
        rowsByID = Dictionary(state.rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        list.update(state.rows.map(\.id))
        list.rebind()
        onSort?(state.sort)
        if let content = state.statePage {
            pages.show(content)
            if content.name == "initial" { showRecent(state.recentSearches) }
        } else {
            states.showChild("results")
        }
        pagingSpinner.setVisible(state.paging == .loadingMore)
        footer.show(state.footerText)
        if case .failed(let message) = state.paging, lastPagingError != message, let text = state.pagingFailure {
            showToast(.retry(text) { [weak self] in self?.viewModel.send(.retry) })
        }
        if case .failed(let message) = state.paging { lastPagingError = message } else { lastPagingError = nil }
    }

    /// The recent searches under the start page (shown before: made the first time there are some).
    private func showRecent(_ queries: [String]) {
        guard recent != nil || !queries.isEmpty, let initial = pages["initial"] else { return }
        let page = recent ?? {
            let page = RecentSearchesPage(onPick: { [weak self] in self?.viewModel.send(.searchRecent($0)) },
                                          onRemove: { [weak self] in self?.viewModel.send(.removeRecent($0)) })
            initial.appendExtra(page.root)
            recent = page
            return page
        }()
        page.show(queries)
    }

    /// Moves the focus into the recent searches when they are on screen (Down in the entry).
    func focusRecentSearches() -> Bool {
        states.visibleChildName == "initial" && recent?.focusFirst() == true
    }

    /// Fills a recycled row with the view-model row for `id`.
    private func bind(_ row: RowWidget, id: Int64) {
        guard let data = rowsByID[id] else { return }
        row.onStar = { [weak self] in self?.viewModel.send(.toggleFavorite($0)) }
        row.show(data, texture: onScreenAvatars.cached(data.avatarURL))
        followingBadges.show(on: row, id: id)
        onScreenAvatars.schedule()
    }

    /// The state page or list on screen, and a page's texts (what a user sees).
    var visiblePage: String? { states.visibleChildName }
    func statusTitle(_ page: String) -> String? { pages[page]?.title }
    func statusDescription(_ page: String) -> String {
        guard let page = pages[page] else { return "" }
        return [page.description, page.footnote.isVisible ? page.footnote.text : ""].filter { !$0.isEmpty }.joined(separator: "\n")
    }
}
