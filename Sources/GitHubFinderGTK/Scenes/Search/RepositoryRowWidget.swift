import Foundation
import GitHubFinderCore

/// A recycled repository row: owner avatar, owner/name with its badges, one line of description,
/// language · stars · forks · updated, and the star. Its avatar is loaded once it is shown.
@MainActor
final class RepositoryRowWidget: SearchRowWidget {
    static let avatarSize: Int32 = 24

    let root = Box(inRow: .horizontal, spacing: 10, classes: ["repo-result"])
    let avatar = AvatarSlot(size: avatarSize)
    private let name = Label(classes: ["repo-name"])
    /// "Archived · Fork", when the repository is any of those.
    private let badges = Label(classes: ["badge"])
    private let about = Label(classes: ["repo-description"])
    private let summary = Label(classes: ["repo-meta"])
    let star = RowButton(icon: "non-starred-symbolic")
    private let texts = Box(inRow: .vertical, spacing: 2)
    /// A favorite's tags and note, once the row has shown some.
    private var notesLine: NotesLine?
    private(set) var identifier: Int64?
    private(set) var isFavorite = false
    var avatarWidget: Widget { avatar.view }
    var wantedAvatar: URL? { avatar.wanted }
    var hasAvatar: Bool { avatar.hasImage }
    var onStar: (@MainActor (Int64) -> Void)?
    private var connections: [SignalConnection] = []

    init() {
        avatar.view.setAlign(vertical: .start)
        root.append(avatar.view)
        texts.setExpand(horizontal: true)
        let title = Box(inRow: .horizontal, spacing: 6)
        name.setEllipsize()
        title.append(name)
        badges.setAlign(vertical: .center)
        title.append(badges)
        texts.append(title)
        about.setEllipsize()
        texts.append(about)
        summary.setEllipsize()
        texts.append(summary)
        root.append(texts)
        star.setAlign(vertical: .center)
        root.append(star)
        connections = [
            star.setTooltip { [weak self] in RepositoryRow.starTooltip(isFavorite: self?.isFavorite == true) },
            star.onClicked { [weak self] in
                if let self, let identifier { onStar?(identifier) }
            },
        ]
    }

    func show(_ row: RepositoryRow, texture: Texture?) {
        // Initials only once on screen (`OnScreenAvatars`), as in people rows.
        avatar.show(row.avatarURL, initials: row.fullName.split(separator: "/").first.map(String.init) ?? row.fullName, texture: texture,
                    isAnother: identifier != row.id)
        identifier = row.id
        name.setText(row.fullName)
        badges.show(row.badges.isEmpty ? nil : row.badges.joined(separator: " · "))
        about.show(row.description)
        summary.setText(row.summary)
        NotesLine.show(note: row.note, tags: row.tags, in: &notesLine) { texts }
        star.setIcon(row.isFavorite ? "starred-symbolic" : "non-starred-symbolic")
        star.setAccessibleLabelIfChanged(row.starLabel)
        isFavorite = row.isFavorite
        // Screen readers name the row owner/name (DESIGN §5).
        root.setAccessibleLabelIfChanged(row.fullName)
    }

    func showAvatar(_ texture: Texture?, for url: URL) { avatar.showImage(texture, for: url) }

    func clearAvatar() {
        identifier = nil
        avatar.clear()
    }

    func showInitials() { avatar.showInitials() }
}
