import Foundation
import GitHubFinderCore

/// The What's New tab: renders `WhatsNewViewModel` (entries under day headers, the state pages,
/// the status line) and forwards what the user does.
@MainActor
final class WhatsNewView {
    let root: Box
    let list: ListView<NewsSlot>
    private let viewModel: WhatsNewViewModel
    private let status: Label
    private let markAllRead: Button
    private let states: Stack
    private lazy var pages = StatePages(in: states) { [weak self] _ in self?.viewModel.send(.refresh) }
    /// The rows by list key, as last rendered.
    private var rows: [Int64: WhatsNewViewModel.Row] = [:]
    private var headers: [Int64: String] = [:]
    private var onScreenAvatars: OnScreenAvatars!
    private var connections: [SignalConnection] = []
    private var observation: StateObservation?
    private var statusObservation: StateObservation?

    init(viewModel: WhatsNewViewModel, avatars: AvatarTextures) {
        self.viewModel = viewModel
        let builder = Builder("whats-new.ui")
        root = builder.get("whats_new_page")
        status = builder.get("whats_new_status")
        markAllRead = builder.get("mark_all_read")
        markAllRead.setLabel(AccessibleNames.markAllAsRead)
        states = builder.get("whats_new_state_stack")
        let scroller = builder.get("whats_new_scroller", as: ScrolledWindow.self)
        list = ListView(makeRow: NewsSlot.init) { $0.root }
        list.widget.setAccessibleLabel(AccessibleNames.whatsNewList)
        scroller.setChild(list.widget)
        list.onBind = { [weak self] slot, key, item in self?.bind(slot, key: key, item: item) }
        onScreenAvatars = OnScreenAvatars(scroller: scroller, avatars: avatars, drawnSize: NewsRowWidget.avatarSize) { [weak self] in
            self.map { $0.list.boundRows.values.map(\.entry) } ?? []
        }
        list.onActivate { [weak self] key in
            if let id = self?.rows[key]?.id { self?.viewModel.send(.open(id: id)) }
        }
        connections = [markAllRead.onClicked { [weak self] in self?.viewModel.send(.markAllRead) }]
        observation = StateObservation({ [viewModel] in (viewModel.sections, viewModel.statePage) }) { [weak self] sections, page in
            self?.render(sections, page: page)
        }
        statusObservation = StateObservation({ [viewModel] in (viewModel.status, viewModel.unreadCount) }) { [weak self] text, unread in
            self?.status.setText(text ?? "")
            self?.markAllRead.setSensitive(unread > 0)
        }
    }

    private func render(_ sections: [WhatsNewViewModel.Section], page: StatePage?) {
        var keys: [Int64] = []
        rows = [:]
        headers = [:]
        for (index, section) in sections.enumerated() {
            // A header's key is negative, an entry's positive (a hash of its id): kept across
            // reloads, so only rows whose entry changed are filled again.
            let header = -Int64(index + 1)
            headers[header] = section.title
            keys.append(header)
            for row in section.rows {
                let key = Self.key(row.id)
                rows[key] = row
                keys.append(key)
            }
        }
        list.update(keys)
        list.rebind()
        if let page { pages.show(page) } else { states.showChild("list") }
    }

    private func bind(_ slot: NewsSlot, key: Int64, item: ListItem?) {
        if let title = headers[key] {
            slot.showHeader(title, item: item)
            slot.entry.clearAvatar()
            return
        }
        guard let row = rows[key] else { return }
        slot.showEntry(item: item)
        slot.entry.show(row, texture: onScreenAvatars.cached(row.avatarURL))
        slot.root.setAccessibleLabelIfChanged(row.accessibleName)
        onScreenAvatars.schedule()
    }

    /// A positive 63-bit FNV-1a hash of an entry's id.
    static func key(_ id: String) -> Int64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return Int64(hash & 0x3FFF_FFFF_FFFF_FFFF) + 1
    }

    /// Rounds of checks completed (`make bench` waits for them).
    var roundsCompleted: Int { viewModel.roundsCompleted }

    /// "list", or the state page shown instead.
    var visiblePage: String? { states.visibleChildName }
    /// The title of the state page on screen, nil when the list is (for tests).
    var visibleStateTitle: String? { states.visibleChildName.flatMap { pages[$0]?.title } }
}
