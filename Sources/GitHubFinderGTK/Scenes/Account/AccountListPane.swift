import Foundation
import GitHubFinderCore

/// One list of Your Profile (Following, Followers, Your Repositories): the same recycled rows,
/// on-screen avatars and state pages as search results (`search-results.ui`), rendering an
/// `AccountListState` and forwarding scrolling, activation and stars.
@MainActor
final class AccountListPane<Source: SearchSource, RowWidget: SearchRowWidget> where RowWidget.Row == Source.Row, Source.Item: Hashable {
    let root: Stack
    let list: ListView<RowWidget>
    private let viewModel: AccountListViewModel<Source>
    private let scroller: ScrolledWindow
    private let pagingSpinner: Spinner
    private lazy var pages = StatePages(in: root) { [weak self] _ in self?.viewModel.send(.refresh) }
    private var rowsByID: [Int64: Source.Row] = [:]
    private var onScreenAvatars: OnScreenAvatars!
    private var observation: StateObservation?
    private var connections: [SignalConnection] = []
    private var followingBadges: FollowingBadges!
    /// Told the list's count each time the state changes (it comes with the profile).
    var onCount: (@MainActor (String?) -> Void)?

    /// `followed`: whom you follow, for the people rows' "Following" badge.
    init(viewModel: AccountListViewModel<Source>, avatars: AvatarTextures, followed: FollowedPeople? = nil) {
        self.viewModel = viewModel
        let builder = Builder("search-results.ui")
        root = builder.get("search_state_stack")
        scroller = builder.get("results_scroller")
        pagingSpinner = builder.get("paging_spinner")
        pagingSpinner.spinWhileMapped()
        list = ListView(makeRow: { RowWidget() }) { $0.root }
        list.widget.setAccessibleLabel(viewModel.state.list.title)
        scroller.setChild(list.widget)
        list.onBind = { [weak self] row, id, _ in self?.bind(row, id: id) }
        followingBadges = FollowingBadges(followed, list: list)
        onScreenAvatars = OnScreenAvatars(scroller: scroller, avatars: avatars, drawnSize: RowWidget.avatarSize) { [weak self] in
            self.map { Array($0.list.boundRows.values) } ?? []
        }
        connections = [
            scroller.onVerticalScroll { [weak self] remaining, pageSize in
                if remaining < pageSize { self?.viewModel.send(.reachedEnd) }
            },
        ]
        list.onActivate { [weak self] id in self?.viewModel.send(.select(id)) }
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    private func render(_ state: AccountListState<Source.Row>) {
        rowsByID = Dictionary(state.rows.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        list.update(state.rows.map(\.id))
        list.rebind()
        if let content = state.statePage { pages.show(content) } else { root.showChild("results") }
        pagingSpinner.setVisible(state.phase == .loadingMore)
        onCount?(state.countText)
    }

    private func bind(_ row: RowWidget, id: Int64) {
        guard let data = rowsByID[id] else { return }
        row.onStar = { [weak self] in self?.viewModel.send(.toggleFavorite($0)) }
        row.show(data, texture: onScreenAvatars.cached(data.avatarURL))
        followingBadges.show(on: row, id: id)
        onScreenAvatars.schedule()
    }
}
