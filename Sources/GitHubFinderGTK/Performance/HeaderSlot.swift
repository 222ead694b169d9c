import Foundation

/// What a `HeaderSlot` shows when it is not a header.
@MainActor
protocol SlotEntry: AnyObject {
    init()
    var root: Box { get }
}

/// A recycled slot of a list grouped under headers (Favorites' letters, What's New's days):
/// either a header or an entry, both made once and one of them shown.
@MainActor
final class HeaderSlot<Entry: SlotEntry> {
    let root = Box(inRow: .vertical)
    let header = Label(classes: ["letter-header"])
    let entry = Entry()

    init() {
        root.append(header)
        root.append(entry.root)
    }

    /// Shows `title` as a header. Headers are part of the list but can be neither selected nor
    /// activated. They take the focus, though: GTK 4.8 cannot move the focus onto a list item
    /// that refuses it, so Down, or PageDown landing on a header, would stop there for good.
    func showHeader(_ title: String, item: ListItem?) {
        header.setText(title)
        header.setVisible(true)
        entry.root.setVisible(false)
        root.setAccessibleLabelIfChanged(title)
        item?.setSelectable(false)
        item?.setActivatable(false)
        root.setFocusable(true)
    }

    /// Shows the entry (filled by the caller), selectable and activatable.
    func showEntry(item: ListItem?) {
        item?.setSelectable(true)
        item?.setActivatable(true)
        root.setFocusable(false)
        header.setVisible(false)
        entry.root.setVisible(true)
    }
}
