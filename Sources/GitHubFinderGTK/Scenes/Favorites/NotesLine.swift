import Foundation
import GitHubFinderCore

/// A favorite's tags (as chips) and the first line of its note, under its name in a Favorites
/// row. Made the first time a row shows some, so rows without notes cost no more widgets.
@MainActor
final class NotesLine {
    /// Chips shown at most; the rest are counted ("+2").
    static let shownTags = 3

    let root = Box(.horizontal, spacing: 4, classes: ["notes-line"])
    private var chips: [Label] = []
    private let more = Label(classes: ["tag-chip", "more"])
    private let note = Label(classes: ["note-text"])

    init() {
        for _ in 0..<Self.shownTags {
            let chip = Label(classes: ["tag-chip"])
            chip.setAlign(vertical: .center)
            chips.append(chip)
            root.append(chip)
        }
        more.setAlign(vertical: .center)
        root.append(more)
        note.setEllipsize()
        note.setExpand(horizontal: true)
        root.append(note)
    }

    /// Shows `tags` and `note`; false (and hidden) when there are neither.
    @discardableResult
    func show(note text: String?, tags: [String]) -> Bool {
        for (index, chip) in chips.enumerated() {
            chip.show(index < tags.count ? tags[index] : nil)
        }
        more.show(tags.count > Self.shownTags ? FavoritesTagTexts.more(tags.count - Self.shownTags) : nil)
        note.show(text)
        let visible = text != nil || !tags.isEmpty
        root.setVisible(visible)
        return visible
    }
}
