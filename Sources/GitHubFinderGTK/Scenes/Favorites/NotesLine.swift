import Foundation
import GitHubFinderCore

/// A favorite's tags (as chips) and the first line of its note, under its name in a Favorites
/// row. Made the first time a row shows some, so rows without notes cost no more widgets.
@MainActor
final class NotesLine {
    /// Chips shown at most; the rest are counted ("+2").
    static let shownTags = 3

    let root = Box(inRow: .horizontal, spacing: 4, classes: ["notes-line"])
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

    /// Shows `note` and `tags` in a row's `line`, made (and put in `box`) the first time there
    /// are some.
    static func show(note: String?, tags: [String], in line: inout NotesLine?, appendingTo box: () -> Box) {
        guard note != nil || !tags.isEmpty || line != nil else { return }
        let shown = line ?? NotesLine()
        if line == nil {
            box().append(shown.root)
            line = shown
        }
        shown.show(note: note, tags: tags)
    }

    /// Shows `tags` and `note`; hidden when there are neither.
    func show(note text: String?, tags: [String]) {
        for (index, chip) in chips.enumerated() {
            chip.show(index < tags.count ? tags[index] : nil)
        }
        more.show(tags.count > Self.shownTags ? FavoritesTagTexts.more(tags.count - Self.shownTags) : nil)
        note.show(text)
        root.setVisible(text != nil || !tags.isEmpty)
    }
}
