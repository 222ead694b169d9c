import Foundation
import GitHubFinderCore

/// The entry widget of one Favorites list (a person, a repository): what a slot shows under a
/// row that is not a letter header.
@MainActor
protocol FavoriteEntryWidget: AvatarRow, SlotEntry {
    associatedtype Source: FavoritesSource
    static var avatarSize: Int32 { get }
    var onStar: (@MainActor (Int64) -> Void)? { get set }
    /// Shows entry `id` of `viewModel`; returns its accessible name and avatar, or nil when the
    /// index no longer has it.
    func show(_ id: Int64, of viewModel: ScopedFavoritesViewModel<Source>, cached: (URL?) -> Texture?) -> (name: String, avatarURL: URL?)?
    /// Forgets the avatar (the slot now shows a header).
    func clearAvatar()
}

/// A recycled Favorites slot: either a letter header or an entry.
typealias FavoriteSlot<Entry: FavoriteEntryWidget> = HeaderSlot<Entry>

/// One list of the Favorites tab: renders its `ScopedFavoritesViewModel` (letter headers and
/// entries, the state pages, the message bar, the Undo toast) and forwards what the user does.
@MainActor
final class FavoritesPane<Entry: FavoriteEntryWidget> {
    typealias ViewModel = ScopedFavoritesViewModel<Entry.Source>
    let root: Box
    let list: ListView<FavoriteSlot<Entry>>
    /// The message shown above the list (a write error or the session's notice).
    let messageLabel: Label
    private let messageBar: Box
    private let messageClose: Button
    private let progressBar: Box
    private let progressLabel: Label
    private let progressSpinner: Spinner
    private let progressFraction: ProgressBar
    private let progressCancel: Button
    private var onCancelProgress: (@MainActor () -> Void)?
    private let viewModel: ViewModel
    private let tagBar: TagBar
    private let states: Stack
    /// State pages ("empty", "noMatches"), made the first time they show.
    private lazy var pages = StatePages(in: states)
    private let showToast: @MainActor (Toast) -> Void
    private var connections: [SignalConnection] = []
    private var observation: StateObservation?
    private var offeredUndo: Int64?
    /// The `contentVersion` the bound rows show.
    private var drawnContentVersion = -1
    private var onScreenAvatars: OnScreenAvatars!
    /// Favorites' avatars kept on disk for GNOME Shell's search results.
    private let avatarFiles = AvatarFileWriter()
    private var followingBadges: FollowingBadges!
    /// Told the filter each render applied (the filter timing of `make bench`).
    var onRendered: (@MainActor (String) -> Void)?

    /// `followed`: whom you follow, for the people rows' "Following" badge.
    init(viewModel: ViewModel, listLabel: String, avatars: AvatarTextures, followed: FollowedPeople? = nil, showToast: @escaping @MainActor (Toast) -> Void) {
        self.viewModel = viewModel
        self.showToast = showToast
        let builder = Builder("favorites-list.ui")
        root = builder.get("favorites_list_page")
        states = builder.get("favorites_state_stack")
        tagBar = TagBar(root: builder.get("tag_bar"), box: builder.get("tag_bar_box")) { [viewModel] in viewModel.send(.toggleTag($0)) }
        messageBar = builder.get("message_bar")
        messageLabel = builder.get("message_label")
        messageClose = builder.get("message_close")
        progressBar = builder.get("progress_bar")
        progressLabel = builder.get("progress_label")
        progressSpinner = builder.get("progress_spinner")
        progressSpinner.spinWhileMapped()
        progressFraction = builder.get("progress_fraction")
        progressCancel = builder.get("progress_cancel")
        let scroller = builder.get("favorites_scroller", as: ScrolledWindow.self)
        list = ListView(makeRow: FavoriteSlot<Entry>.init) { $0.root }
        list.widget.setAccessibleLabel(listLabel)
        scroller.setChild(list.widget)
        list.onBind = { [weak self] slot, key, item in self?.bind(slot, key: key, item: item) }
        followingBadges = FollowingBadges(followed, list: list)
        onScreenAvatars = OnScreenAvatars(scroller: scroller, avatars: avatars, drawnSize: Entry.avatarSize) { [weak self] in
            self.map { $0.list.boundRows.values.map(\.entry) } ?? []
        }
        onScreenAvatars.onLoaded = { [avatarFiles] texture, url in avatarFiles.keep(texture, for: url) }
        list.onActivate { [weak self] key in
            if let id = FavoritesKey.entryID(key) { self?.viewModel.send(.select(id)) }
        }
        messageClose.setAccessibleLabel(AccessibleNames.dismiss)
        connections = [
            messageClose.onClicked { [weak self] in self?.viewModel.send(.dismissError) },
            progressCancel.onClicked { [weak self] in self?.onCancelProgress?() },
        ]
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    private func render(_ state: ViewModel.State) {
        list.update(state.rows.map(FavoritesKey.key))
        if state.contentVersion != drawnContentVersion {
            drawnContentVersion = state.contentVersion
            list.rebind()
        }
        onRendered?(state.filter)
        tagBar.show(state.tags, selected: state.selectedTags)
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

    private func bind(_ slot: FavoriteSlot<Entry>, key: Int64, item: ListItem?) {
        if let letter = FavoritesKey.header(key) {
            slot.showHeader(letter, item: item)
            slot.entry.clearAvatar()
            return
        }
        guard let id = FavoritesKey.entryID(key),
              let shown = FrameWork.time(.rowContent, { slot.entry.show(id, of: viewModel, cached: { [onScreenAvatars] in onScreenAvatars!.cached($0) }) })
        else { return }
        slot.showEntry(item: item)
        FrameWork.time(.accessibleName) { slot.root.setAccessibleLabelIfChanged(shown.name) }
        slot.entry.onStar = { [weak self] in self?.viewModel.send(.unstar($0)) }
        followingBadges.show(on: slot.entry, id: id)
        FrameWork.time(.onScreenAvatars) { onScreenAvatars.schedule() }
    }

    /// Says how far a long task on this list has come ("Fetched 300 starred repositories…"), with
    /// a bar when `fraction` is known (else a spinner) and Cancel when `cancel` is given; nil
    /// `text` hides that line.
    func showProgress(_ text: String?, fraction: Double? = nil, cancel: (@MainActor () -> Void)? = nil) {
        progressLabel.setText(text ?? "")
        progressBar.setVisible(text != nil)
        progressSpinner.setVisible(fraction == nil)
        progressFraction.setVisible(fraction != nil)
        if let fraction { progressFraction.setFraction(fraction) }
        onCancelProgress = cancel
        progressCancel.setVisible(text != nil && cancel != nil)
        // A long task (an import) may fill the list from empty, a page at a time.
        list.growsInSlices = text != nil
    }

    /// Renders a change of the list now (a filter keystroke), not after GTK's next frame.
    func renderPending() { observation?.flush() }

    /// "list", "empty" or "noMatches": what the list shows now.
    var visiblePage: String? { states.visibleChildName }
    func statusTitle(_ page: String) -> String? { pages[page]?.title }
}

/// The list key of a Favorites row: an entry is its GitHub id (always positive), a letter
/// header is the negated Unicode scalar of its letter.
enum FavoritesKey {
    static func key(_ row: FavoritesRow) -> Int64 {
        if let id = row.favoriteID { return id }
        return -Int64(row.letter?.unicodeScalars.first?.value ?? 0)
    }

    static func entryID(_ key: Int64) -> Int64? { key > 0 ? key : nil }

    static func header(_ key: Int64) -> String? {
        key < 0 ? Unicode.Scalar(UInt32(-key)).map { String(Character($0)) } : nil
    }
}

extension PersonRowWidget: FavoriteEntryWidget {
    typealias Source = PeopleFavoritesSource

    func show(_ id: Int64, of viewModel: PeopleFavoritesViewModel, cached: (URL?) -> Texture?) -> (name: String, avatarURL: URL?)? {
        guard let favorite = viewModel.row(id) else { return nil }
        show(id: id, login: favorite.login, name: favorite.name, badge: PeopleSearchState.badge(for: favorite.type), isFavorite: true,
             avatarURL: favorite.avatarURL, texture: cached(favorite.avatarURL))
        showNotes(note: favorite.note, tags: favorite.tags)
        return (favorite.login, favorite.avatarURL)
    }
}

extension RepositoryRowWidget: FavoriteEntryWidget {
    typealias Source = RepositoryFavoritesSource

    func show(_ id: Int64, of viewModel: RepositoryFavoritesViewModel, cached: (URL?) -> Texture?) -> (name: String, avatarURL: URL?)? {
        guard let favorite = viewModel.row(id) else { return nil }
        show(RepositoryRow(favoriteID: id, favorite), texture: cached(favorite.ownerAvatarURL))
        return (favorite.fullName, favorite.ownerAvatarURL)
    }
}
