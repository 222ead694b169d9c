import Foundation
import GitHubFinderCore

/// The tag bar above a Favorites list: a toggle per tag ("hiring 3"), the most used first; the
/// tags turned on filter the list to the favorites carrying all of them.
@MainActor
final class TagBar {
    private let root: ScrolledWindow
    private let box: Box
    private let onToggle: @MainActor (String) -> Void
    private var buttons: [(tag: String, button: ToggleButton)] = []
    private var shownTags: [TagCount]?
    private var connections: [SignalConnection] = []
    /// Set while buttons are set from the state, so that is not sent back as a toggle.
    private var isRendering = false

    init(root: ScrolledWindow, box: Box, onToggle: @escaping @MainActor (String) -> Void) {
        self.root = root
        self.box = box
        self.onToggle = onToggle
        box.setAccessibleLabel(FavoritesTagTexts.barLabel)
    }

    func show(_ tags: [TagCount], selected: [String]) {
        root.setVisible(!tags.isEmpty)
        if shownTags != tags {
            shownTags = tags
            box.removeAll()
            connections = []
            buttons = tags.map { tag in
                let content = Box(.horizontal, spacing: 6)
                content.append(Label(tag.name))
                content.append(Label(NumberText.integer(tag.count), classes: ["dim-label"]))
                let button = ToggleButton(child: content, classes: ["tag-toggle"])
                button.setAccessibleLabel(tag.name)
                button.setTooltip(FavoritesTagTexts.tooltip(tag.name))
                connections.append(button.onToggled { [weak self] in
                    guard let self, !isRendering else { return }
                    onToggle(tag.name)
                })
                box.append(button)
                return (tag.name, button)
            }
        }
        isRendering = true
        for (tag, button) in buttons {
            button.setActive(selected.contains { $0.caseInsensitiveCompare(tag) == .orderedSame })
        }
        isRendering = false
    }
}
