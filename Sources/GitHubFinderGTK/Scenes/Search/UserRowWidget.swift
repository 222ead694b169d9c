import CGtk
import Foundation
import GitHubFinderCore

/// A recycled user row: avatar, login (and name), badge, star. Used by Search and Favorites.
@MainActor
final class UserRowWidget {
    static let avatarSize: Int32 = 32

    let root = Widget.box(GTK_ORIENTATION_HORIZONTAL, spacing: 10, classes: ["user-row"])
    let avatar = Widget.picture(size: avatarSize)
    let login = Widget.label(classes: ["login"])
    let name = Widget.label(classes: ["name"])
    let badge = Widget.label(classes: ["badge"])
    let star = Widget.button(icon: "non-starred-symbolic", classes: ["flat", "circular"])
    private(set) var identifier: UserID?
    var onStar: (@MainActor (UserID) -> Void)?

    init() {
        avatar.hideFromAccessibility()
        root.append(avatar)
        let texts = Widget.box(GTK_ORIENTATION_VERTICAL)
        texts.setExpand(horizontal: true)
        texts.setAlign(vertical: GTK_ALIGN_CENTER)
        login.setEllipsize()
        name.setEllipsize()
        texts.append(login)
        texts.append(name)
        root.append(texts)
        badge.setAlign(vertical: GTK_ALIGN_CENTER)
        root.append(badge)
        star.setAlign(vertical: GTK_ALIGN_CENTER)
        root.append(star)
        star.onClicked { [weak self] in
            if let self, let identifier { onStar?(identifier) }
        }
    }

    /// Shows one user; `texture` is the avatar if already loaded.
    func show(id: UserID, login text: String, name subtitle: String?, badge badgeText: String?, isFavorite: Bool, texture: Texture?) {
        if identifier != id { avatar.setTexture(texture) } else if let texture { avatar.setTexture(texture) }
        identifier = id
        login.setText(text)
        name.setText(subtitle ?? "")
        name.setVisible(subtitle != nil)
        badge.setText(badgeText ?? "")
        badge.setVisible(badgeText != nil)
        badge.setClass("bot", badgeText == "Bot")
        setFavorite(isFavorite, login: text)
        // Screen readers name the row by its login (DESIGN §5).
        root.setAccessibleLabel(text)
    }

    func setFavorite(_ isFavorite: Bool, login: String) {
        star.setButtonIcon(isFavorite ? "starred-symbolic" : "non-starred-symbolic")
        let label = isFavorite ? "Remove \(login) from favorites" : "Add \(login) to favorites"
        star.setAccessibleLabel(label)
        star.setTooltip(isFavorite ? "Remove from Favorites" : "Add to Favorites")
    }

    func setAvatar(_ texture: Texture?, for id: UserID) {
        if identifier == id, let texture { avatar.setTexture(texture) }
    }
}
