import Foundation
import GitHubFinderCore

/// The recent searches of one scope, on the start page under an empty entry: a row per query
/// (Enter or a click searches it again) with a remove button.
@MainActor
final class RecentSearchesPage {
    let root = Box(.vertical, spacing: 8, classes: ["recent-searches"])
    let list = ListBox(classes: ["boxed-list"])
    private var shown: [String] = []
    private var connections: [SignalConnection] = []
    private var rowConnections: [SignalConnection] = []
    private let onPick: @MainActor (String) -> Void
    private let onRemove: @MainActor (String) -> Void

    init(onPick: @escaping @MainActor (String) -> Void, onRemove: @escaping @MainActor (String) -> Void) {
        self.onPick = onPick
        self.onRemove = onRemove
        root.append(Label(SearchHistoryTexts.title, classes: ["heading"]))
        list.setAccessibleLabel(AccessibleNames.recentSearches)
        root.append(list)
        connections = list.onRowActivated { [weak self] index in
            guard let self, shown.indices.contains(index) else { return }
            onPick(shown[index])
        }
    }

    func show(_ queries: [String]) {
        root.setVisible(!queries.isEmpty)
        guard queries != shown else { return }
        shown = queries
        list.removeAll()
        rowConnections = []
        for query in queries {
            let line = Box(.horizontal, spacing: 8)
            line.setMargins(4)
            let icon = Image(icon: "document-open-recent-symbolic")
            icon.hideFromAccessibility()
            line.append(icon)
            let label = Label(query)
            label.setEllipsize()
            label.setExpand(horizontal: true)
            label.setAlign(vertical: .center)
            line.append(label)
            let remove = Button(icon: "window-close-symbolic", classes: ["flat", "circular"])
            remove.setAccessibleLabel(SearchHistoryTexts.removeLabel(query))
            remove.setTooltip(SearchHistoryTexts.removeLabel(query))
            rowConnections.append(remove.onClicked { [weak self] in self?.onRemove(query) })
            line.append(remove)
            list.appendActivatable(line, accessibleLabel: query)
        }
    }

    /// Moves the focus to the first query (Down in the entry); false when there is none.
    func focusFirst() -> Bool {
        guard !shown.isEmpty, root.isVisibleOnScreen else { return false }
        return list.focusFirstRow()
    }
}
