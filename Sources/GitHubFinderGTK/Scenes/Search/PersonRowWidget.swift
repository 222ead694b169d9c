import Foundation
import GitHubFinderCore

/// A recycled user row: avatar, login (and name), badge, star. Used by Search and Favorites.
/// Its avatar is loaded by `OnScreenAvatars` once the row is actually shown.
///
/// GTK 4.8 keeps ~200 rows per list, and every widget costs ~2.5 KB (its CSS node and style, its
/// accessibility context) whether shown or not. Search results have no name and most have no
/// badge, so the name label (with the box that stacks it under the login) and the badge are
/// made the first time the row needs them: a search row is 5 widgets instead of 8.
@MainActor
final class PersonRowWidget: SearchRowWidget {
    static let avatarSize: Int32 = 32

    let root = Box(inRow: .horizontal, spacing: 10, classes: ["user-row"])
    /// Initials on a colour while the image loads, or when it cannot be had.
    let avatar = RowAvatar(size: avatarSize)
    /// Whose initials the avatar should show; put on it once the row is on screen.
    private var initials = ""
    let login = Label(classes: ["login"])
    let star = RowButton(icon: "non-starred-symbolic")
    /// The name under the login, once the row has shown one.
    private(set) var name: Label?
    /// "Bot" or "Organization", once the row has shown one.
    private(set) var badge: Label?
    /// A favorite's tags and note, once the row has shown some.
    private(set) var notesLine: NotesLine?
    /// The box stacking login, name and notes, once one of the latter showed.
    private var texts: Box?
    /// "Following" (the signed-in account follows them), once the row has shown it.
    private(set) var followingBadge: Label?
    private(set) var identifier: UserID?
    private(set) var wantedAvatar: URL?
    private(set) var hasAvatar = false
    private(set) var isFavorite = false
    var avatarWidget: Widget { avatar }
    var onStar: (@MainActor (UserID) -> Void)?
    private var connections: [SignalConnection] = []

    init() {
        avatar.hideFromAccessibility()
        root.append(avatar)
        login.setExpand(horizontal: true)
        login.setAlign(vertical: .center)
        login.setEllipsize()
        root.append(login)
        star.setAlign(vertical: .center)
        root.append(star)
        connections = [
            star.setTooltip { [weak self] in
                PersonRow.starTooltip(isFavorite: self?.isFavorite == true)
            },
            star.onClicked { [weak self] in
                if let self, let identifier { onStar?(identifier) }
            },
        ]
    }

    /// Shows one search result.
    func show(_ row: PersonRow, texture: Texture?) {
        show(id: row.id, login: row.login, name: nil, badge: row.badge, isFavorite: row.isFavorite, avatarURL: row.avatarURL, texture: texture)
    }

    /// Shows one user; `texture` is the avatar if already decoded, else it comes once shown.
    func show(id: UserID, login text: String, name subtitle: String?, badge badgeText: String?, isFavorite: Bool, avatarURL: URL?, texture: Texture?) {
        if identifier != id || wantedAvatar != avatarURL || texture != nil {
            avatar.setImage(texture)
            hasAvatar = texture != nil
        }
        // Initials are made (a Pango layout, an accessible name, a colour) only for rows on
        // screen, by `OnScreenAvatars`: making them in every bind of GTK's ~200 rows would slow
        // each Favorites filter keystroke over 100,000 favorites. Until then another user's
        // initials are not shown.
        initials = text
        avatar.setOpacity(hasAvatar || avatar.text == text ? 1 : 0)
        identifier = id
        wantedAvatar = avatarURL
        login.setText(text)
        if let subtitle {
            let name = name ?? makeName()
            name.setText(subtitle)
            name.setVisible(true)
        } else {
            name?.setVisible(false)
        }
        if let badgeText {
            let badge = badge ?? makeBadge()
            badge.setText(badgeText)
            badge.setClass("bot", badgeText == PeopleSearchState.badge(for: .bot))
            badge.setVisible(true)
        } else {
            badge?.setVisible(false)
        }
        setFavorite(isFavorite, login: text)
        // Screen readers name the row by its login (DESIGN §5).
        root.setAccessibleLabelIfChanged(text)
    }

    func setFavorite(_ isFavorite: Bool, login: String) {
        star.setIcon(isFavorite ? "starred-symbolic" : "non-starred-symbolic")
        star.setAccessibleLabelIfChanged(PersonRow.starLabel(login: login, isFavorite: isFavorite))
        self.isFavorite = isFavorite
    }

    func showAvatar(_ texture: Texture?, for url: URL) {
        guard wantedAvatar == url, let texture else { return }
        avatar.setImage(texture)
        avatar.setOpacity(1)
        hasAvatar = true
    }

    func showInitials() {
        guard !hasAvatar, identifier != nil else { return }
        avatar.setText(initials)
        avatar.setOpacity(1)
    }

    /// The name goes under the login (and the notes under it): they move into a vertical box in
    /// the login's place.
    private func textsBox() -> Box {
        if let texts { return texts }
        let texts = Box(inRow: .vertical)
        texts.setExpand(horizontal: true)
        texts.setAlign(vertical: .center)
        root.insert(texts, after: avatar)
        root.move(login, to: texts)
        self.texts = texts
        return texts
    }

    private func makeName() -> Label {
        let texts = textsBox()
        let name = Label(classes: ["name"])
        name.setEllipsize()
        texts.insert(name, after: login)
        self.name = name
        return name
    }

    /// Shows a favorite's tags and note under its name (nothing: the line hides).
    func showNotes(note: String?, tags: [String]) {
        NotesLine.show(note: note, tags: tags, in: &notesLine, appendingTo: textsBox)
    }

    /// Shows or hides the "Following" badge (made the first time it shows).
    func setFollowing(_ following: Bool) {
        guard following || followingBadge != nil else { return }
        let label = followingBadge ?? makeFollowingBadge()
        label.setVisible(following)
    }

    private func makeFollowingBadge() -> Label {
        let label = Label(classes: ["badge", "following"])
        label.setText(AccessibleNames.followingBadge)
        label.setAlign(vertical: .center)
        root.insert(label, before: star)
        followingBadge = label
        return label
    }

    /// The badge sits between the texts and the star (and before "Following").
    private func makeBadge() -> Label {
        let badge = Label(classes: ["badge"])
        badge.setAlign(vertical: .center)
        root.insert(badge, before: followingBadge ?? star)
        self.badge = badge
        return badge
    }

    /// A slot that shows no user (a letter header) wants no avatar.
    func clearAvatar() {
        wantedAvatar = nil
    }
}
