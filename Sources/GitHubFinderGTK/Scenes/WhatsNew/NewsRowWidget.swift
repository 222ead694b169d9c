import Foundation
import GitHubFinderCore

/// A recycled What's New row: the owner's avatar, the heading ("owner/name 2.0.0") with a dot
/// while unread, "New release · Published 3 hours ago", the release's name or the repository's
/// description, and the first lines of the notes. Its avatar is loaded once it is shown.
@MainActor
final class NewsRowWidget: AvatarRow, SlotEntry {
    static let avatarSize: Int32 = 32

    let root = Box(inRow: .horizontal, spacing: 10, classes: ["news-row"])
    let avatar = AvatarSlot(size: avatarSize)
    let unread = Label("•", classes: ["news-unread"])
    let heading = Label(classes: ["news-heading"])
    let meta = Label(classes: ["news-meta"])
    private let title = Label()
    private let excerpt = Label(classes: ["news-excerpt"])
    private(set) var shownID: String?
    var avatarWidget: Widget { avatar.view }
    var wantedAvatar: URL? { avatar.wanted }
    var hasAvatar: Bool { avatar.hasImage }

    init() {
        avatar.view.setAlign(vertical: .start)
        root.append(avatar.view)
        let texts = Box(inRow: .vertical, spacing: 2)
        texts.setExpand(horizontal: true)
        let top = Box(inRow: .horizontal, spacing: 6)
        unread.hideFromAccessibility()
        top.append(unread)
        heading.setEllipsize()
        top.append(heading)
        texts.append(top)
        meta.setEllipsize()
        texts.append(meta)
        title.setEllipsize()
        texts.append(title)
        excerpt.setWrapped(lines: 2)
        texts.append(excerpt)
        root.append(texts)
    }

    func show(_ row: WhatsNewViewModel.Row, texture: Texture?) {
        avatar.show(row.avatarURL, initials: row.heading.split(separator: "/").first.map(String.init) ?? row.heading, texture: texture, isAnother: shownID != row.id)
        shownID = row.id
        unread.setVisible(!row.isRead)
        heading.setText(row.heading)
        meta.setText(row.meta)
        title.show(row.title)
        excerpt.show(row.excerpt)
        root.setAccessibleLabelIfChanged(row.accessibleName)
    }

    func showAvatar(_ texture: Texture?, for url: URL) { avatar.showImage(texture, for: url) }

    func clearAvatar() {
        shownID = nil
        avatar.clear()
    }

    func showInitials() { avatar.showInitials() }
}

/// A recycled What's New slot: a day's header or an entry.
typealias NewsSlot = HeaderSlot<NewsRowWidget>
