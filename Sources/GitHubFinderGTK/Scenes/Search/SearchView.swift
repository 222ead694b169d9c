import Foundation
import GitHubFinderCore

/// The Search tab. Renders `SearchState`, forwards what the user does as `Input`.
@MainActor
final class SearchView {
    let root: Box
    let entry: SearchEntry
    let list: ListView<UserRowWidget>
    private let viewModel: SearchViewModel
    private let states: Stack
    private let scroller: ScrolledWindow
    private let pagingSpinner: Spinner
    private let footer: Label
    /// State pages, built the first time they are needed (only one is ever on screen).
    private lazy var pages = StatePages(in: states) { [weak self] page in
        self?.viewModel.send(page.name == "signInRequired" ? .signIn : .retry)
    }
    private let showToast: @MainActor (Toast) -> Void
    private var observation: StateObservation?
    private var rowsByID: [UserID: SearchRow] = [:]
    private var lastPagingError: String?
    private var sortAction: StringAction?
    private var onScreenAvatars: OnScreenAvatars!
    private var rendered: SearchState?
    private var connections: [SignalConnection] = []

    init(viewModel: SearchViewModel, avatars: AvatarTextures, showToast: @escaping @MainActor (Toast) -> Void) {
        self.viewModel = viewModel
        self.showToast = showToast
        let builder = Builder("search.ui")
        root = builder.get("search_page")
        entry = builder.get("search_entry")
        states = builder.get("search_state_stack")
        scroller = builder.get("results_scroller")
        pagingSpinner = builder.get("paging_spinner")
        pagingSpinner.spinWhileMapped()
        footer = builder.get("footer_label")
        entry.setAccessibleLabel(AccessibleNames.searchEntry)
        let sortButton = builder.get("sort_button", as: MenuButton.self)
        sortButton.setAccessibleLabel(AccessibleNames.sortButton)
        builder.setMenu("sort_menu", whenOpened: sortButton)
        list = ListView(makeRow: UserRowWidget.init) { $0.root }
        list.widget.setAccessibleLabel(AccessibleNames.searchResults)
        scroller.setChild(list.widget)
        list.onBind = { [weak self] row, id, _ in self?.bind(row, id: id) }
        onScreenAvatars = OnScreenAvatars(scroller: scroller, avatars: avatars, drawnSize: UserRowWidget.avatarSize) { [weak self] in
            self.map { Array($0.list.boundRows.values) } ?? []
        }
        connect()
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    private func connect() {
        connections = [
            entry.onChanged { [weak self] in
                guard let self else { return }
                // Typed elsewhere (type-to-search from a row): the typing continues in the entry.
                // Left on the row, focus sat on a widget the new results splice away, which GTK
                // reports as a critical.
                if entry.isVisibleOnScreen, !entry.containsFocus { entry.focusKeepingText() }
                viewModel.send(.queryChanged(entry.text))
            },
            entry.onActivate { [weak self] in self?.viewModel.send(.submit) },
            entry.onStopSearch { [weak self] in self?.viewModel.send(.clear) },
            // Load the next page while a screenful of rows is still below the viewport.
            scroller.onVerticalScroll { [weak self] remaining, pageSize in
                if remaining < pageSize { self?.viewModel.send(.reachedEnd) }
            },
        ]
        list.onActivate { [weak self] id in self?.viewModel.send(.select(id)) }
        installSortAction()
    }

    private func installSortAction() {
        sortAction = StringAction(name: "sort", initial: UserSearchSort.bestMatch.rawValue, installedOn: root, prefix: "search") { [weak self] raw in
            if let sort = UserSearchSort(rawValue: raw) { self?.viewModel.send(.sortChanged(sort)) }
        }
    }

    private func render(_ state: SearchState) {
        // The rate-limit countdown ticks once a second: only its text changes. Rendering the
        // whole state on each tick (entry, list diff, rows rebound) cost ~1 % CPU while idle.
        if var previous = rendered, previous.rateLimitSecondsRemaining != state.rateLimitSecondsRemaining {
            previous.rateLimitSecondsRemaining = state.rateLimitSecondsRemaining
            if previous == state {
                rendered = state
                if let content = state.statePage { pages.show(content) }
                return
            }
        }
        rendered = state
        entry.setText(state.query)
        rowsByID = Dictionary(state.rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        list.update(state.rows.map(\.id))
        for (id, row) in list.boundRows { bind(row, id: id) }
        sortAction?.setState(state.sort.rawValue)
        if let content = state.statePage {
            pages.show(content)
        } else {
            states.showChild("results")
        }
        pagingSpinner.setVisible(state.paging == .loadingMore)
        footer.show(state.paging == .complete ? state.capNotice : nil)
        if case .failed(let message) = state.paging, lastPagingError != message, let text = state.pagingFailure {
            showToast(.retry(text) { [weak self] in self?.viewModel.send(.retry) })
        }
        if case .failed(let message) = state.paging { lastPagingError = message } else { lastPagingError = nil }
    }

    /// Fills a recycled row with the view-model row for `id`.
    private func bind(_ row: UserRowWidget, id: UserID) {
        guard let data = rowsByID[id] else { return }
        row.onStar = { [weak self] in self?.viewModel.send(.toggleFavorite($0)) }
        row.show(id: id, login: data.login, name: nil, badge: data.badge, isFavorite: data.isFavorite, avatarURL: data.avatarURL, texture: onScreenAvatars.cached(data.avatarURL))
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
