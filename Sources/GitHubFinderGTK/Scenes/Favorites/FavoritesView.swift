import Foundation
import GitHubFinderCore

/// A recycled Favorites slot: either a letter header or a user row.
@MainActor
final class FavoriteSlot {
    let root = Box(.vertical)
    let header = Label(classes: ["letter-header"])
    let user = UserRowWidget()

    init() {
        root.append(header)
        root.append(user.root)
    }
}

/// The Favorites tab. Renders `FavoritesViewModel.State`, forwards input.
@MainActor
final class FavoritesView {
    let root: Box
    let filter: SearchEntry
    let list: ListView<FavoriteSlot>
    /// The message shown above the list (a write error or the session's notice).
    let messageLabel: Label
    private let messageBar: Box
    private let messageClose: Button
    private let viewModel: FavoritesViewModel
    private let states: Stack
    /// State pages ("empty", "noMatches"), made the first time they show.
    private lazy var pages = StatePages(in: states)
    private let showToast: @MainActor (Toast) -> Void
    private var connections: [SignalConnection] = []
    private var observation: StateObservation?
    private var offeredUndo: UserID?
    /// The `contentVersion` the bound rows show.
    private var drawnContentVersion = -1
    private var onScreenAvatars: OnScreenAvatars!
    /// Keystroke in the filter → the list model spliced, for the benchmark.
    let filterTiming = FilterTiming()

    init(viewModel: FavoritesViewModel, avatars: AvatarTextures, showToast: @escaping @MainActor (Toast) -> Void) {
        self.viewModel = viewModel
        self.showToast = showToast
        let builder = Builder("favorites.ui")
        root = builder.get("favorites_page")
        filter = builder.get("filter_entry")
        states = builder.get("favorites_state_stack")
        messageBar = builder.get("message_bar")
        messageLabel = builder.get("message_label")
        messageClose = builder.get("message_close")
        let scroller = builder.get("favorites_scroller", as: ScrolledWindow.self)
        filter.setAccessibleLabel(AccessibleNames.favoritesFilter)
        list = ListView(makeRow: FavoriteSlot.init) { $0.root }
        list.widget.setAccessibleLabel(AccessibleNames.favoritesList)
        scroller.setChild(list.widget)
        list.onBind = { [weak self] slot, key, item in self?.bind(slot, key: key, item: item) }
        onScreenAvatars = OnScreenAvatars(scroller: scroller, avatars: avatars, drawnSize: UserRowWidget.avatarSize) { [weak self] in
            self.map { $0.list.boundRows.values.map(\.user) } ?? []
        }
        list.onActivate { [weak self] key in
            if let id = FavoritesKey.userID(key) { self?.viewModel.send(.select(id)) }
        }
        messageClose.setAccessibleLabel(AccessibleNames.dismiss)
        connections = [
            filter.onChanged { [weak self] in
                guard let self else { return }
                filterTiming.changed(filter.text)
                viewModel.send(.filterChanged(filter.text))
            },
            filter.onStopSearch { [weak self] in self?.filter.setText("") },
            messageClose.onClicked { [weak self] in self?.viewModel.send(.dismissError) },
        ]
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    private func render(_ state: FavoritesViewModel.State) {
        filter.setText(state.filter)
        list.update(state.rows.map(FavoritesKey.key))
        if state.contentVersion != drawnContentVersion {
            drawnContentVersion = state.contentVersion
            for (key, slot) in list.boundRows { bind(slot, key: key, item: nil) }
        }
        filterTiming.applied(state.filter)
        if let content = state.statePage {
            pages.show(content)
        } else {
            states.showChild("list")
        }
        // A failed write, else where favorites are kept this session (a damaged file moved aside).
        let message = state.errorMessage ?? state.notice
        messageLabel.setText(message ?? "")
        messageBar.setVisible(message != nil)
        messageClose.setVisible(state.errorMessage != nil)
        if let undone = state.undo, offeredUndo != undone.id {
            offeredUndo = undone.id
            showToast(.undo(state.undoMessage ?? "") { [weak self] in self?.viewModel.send(.undo) })
        } else if state.undo == nil {
            offeredUndo = nil
        }
    }

    private func bind(_ slot: FavoriteSlot, key: Int64, item: ListItem?) {
        if let letter = FavoritesKey.header(key) {
            slot.header.setText(letter)
            slot.header.setVisible(true)
            slot.user.root.setVisible(false)
            slot.root.setAccessibleLabel(letter)
            slot.user.clearAvatar()
            // Headers are part of the list but can be neither selected nor activated.
            item?.setSelectable(false)
            item?.setActivatable(false)
            return
        }
        guard let id = FavoritesKey.userID(key), let favorite = viewModel.row(id) else { return }
        item?.setSelectable(true)
        item?.setActivatable(true)
        slot.header.setVisible(false)
        slot.user.root.setVisible(true)
        slot.root.setAccessibleLabel(favorite.login)
        slot.user.onStar = { [weak self] in self?.viewModel.send(.unstar($0)) }
        slot.user.show(id: id, login: favorite.login, name: favorite.name, badge: SearchState.badge(for: favorite.type), isFavorite: true,
                       avatarURL: favorite.avatarURL, texture: onScreenAvatars.cached(favorite.avatarURL))
        onScreenAvatars.schedule()
    }

    /// "list", "empty" or "noMatches": what the tab shows now.
    var visiblePage: String? { states.visibleChildName }
}

/// The list key of a Favorites row: a favorite is its user id (GitHub ids are positive), a
/// letter header is the negated Unicode scalar of its letter.
enum FavoritesKey {
    static func key(_ row: FavoritesRow) -> Int64 {
        switch row {
        case .header(let letter): -Int64(letter.unicodeScalars.first?.value ?? 0)
        case .favorite(let id): id
        }
    }

    static func userID(_ key: Int64) -> UserID? { key > 0 ? key : nil }

    static func header(_ key: Int64) -> String? {
        key < 0 ? Unicode.Scalar(UInt32(-key)).map { String(Character($0)) } : nil
    }
}

/// How long each filter keystroke took to reach the list: from the entry's "changed" signal to
/// the end of the render that applied that text, rows re-filled included (read by `make bench`
/// through `GHF_DEBUG_STATS`). Keystrokes that one render applies together each count from
/// their own start. The last 1,000 are kept.
@MainActor
final class FilterTiming {
    private var pending: [(text: String, start: ContinuousClock.Instant)] = []
    private(set) var milliseconds: [Double] = []

    func changed(_ text: String) {
        pending.append((text, ContinuousClock.now))
    }

    func applied(_ text: String) {
        guard let last = pending.lastIndex(where: { $0.text == text }) else { return }
        let now = ContinuousClock.now
        for keystroke in pending[...last] {
            let elapsed = now - keystroke.start
            milliseconds.append(Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        pending.removeFirst(last + 1)
        if milliseconds.count > 1_000 { milliseconds.removeFirst(milliseconds.count - 1_000) }
    }
}
