import Foundation
import GitHubFinderCore

/// A recycled repository row: owner avatar, owner/name with its badges, one line of description,
/// language · stars · forks · updated, and the star. Its avatar is loaded once it is shown.
@MainActor
final class RepositoryRowWidget: SearchRowWidget {
    static let avatarSize: Int32 = 24

    let root = Box(inRow: .horizontal, spacing: 10, classes: ["repo-result"])
    let avatar = RowAvatar(size: avatarSize)
    private var initials = ""
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
    private(set) var wantedAvatar: URL?
    private(set) var hasAvatar = false
    private(set) var isFavorite = false
    var avatarWidget: Widget { avatar }
    var onStar: (@MainActor (Int64) -> Void)?
    private var connections: [SignalConnection] = []

    init() {
        avatar.hideFromAccessibility()
        avatar.setAlign(vertical: .start)
        root.append(avatar)
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
        if identifier != row.id || wantedAvatar != row.avatarURL || texture != nil {
            avatar.setImage(texture)
            hasAvatar = texture != nil
        }
        // Initials only once on screen (`OnScreenAvatars`), as in people rows.
        initials = row.fullName.split(separator: "/").first.map(String.init) ?? row.fullName
        avatar.setOpacity(hasAvatar || avatar.text == initials ? 1 : 0)
        identifier = row.id
        wantedAvatar = row.avatarURL
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

    func showAvatar(_ texture: Texture?, for url: URL) {
        guard wantedAvatar == url, let texture else { return }
        avatar.setImage(texture)
        avatar.setOpacity(1)
        hasAvatar = true
    }

    func clearAvatar() {
        identifier = nil
        wantedAvatar = nil
        hasAvatar = false
        avatar.setImage(nil)
    }

    func showInitials() {
        guard !hasAvatar, identifier != nil else { return }
        avatar.setText(initials)
        avatar.setOpacity(1)
    }
}
