import Foundation
import GitHubFinderCore

/// A recycled user row: avatar, login (and name), badge, star. Used by Search and Favorites.
/// Its avatar is loaded by `OnScreenAvatars` once the row is actually shown.
@MainActor
final class UserRowWidget: AvatarRow {
    static let avatarSize: Int32 = 32

    let root = Widget.box(.horizontal, spacing: 10, classes: ["user-row"])
    let avatar = Widget.picture(size: avatarSize)
    let login = Widget.label(classes: ["login"])
    let name = Widget.label(classes: ["name"])
    let badge = Widget.label(classes: ["badge"])
    let star = Widget.button(icon: "non-starred-symbolic", classes: ["flat", "circular"])
    private(set) var identifier: UserID?
    private(set) var wantedAvatar: URL?
    private(set) var hasAvatar = false
    private(set) var isFavorite = false
    var avatarPicture: Widget { avatar }
    var onStar: (@MainActor (UserID) -> Void)?

    init() {
        avatar.hideFromAccessibility()
        root.append(avatar)
        let texts = Widget.box(.vertical)
        texts.setExpand(horizontal: true)
        texts.setAlign(vertical: .center)
        login.setEllipsize()
        name.setEllipsize()
        texts.append(login)
        texts.append(name)
        root.append(texts)
        badge.setAlign(vertical: .center)
        root.append(badge)
        star.setAlign(vertical: .center)
        root.append(star)
        star.setTooltip { [weak self] in
            SearchRow.starTooltip(isFavorite: self?.isFavorite == true)
        }
        star.onClicked { [weak self] in
            if let self, let identifier { onStar?(identifier) }
        }
    }

    /// Shows one user; `texture` is the avatar if already decoded, else it comes once shown.
    func show(id: UserID, login text: String, name subtitle: String?, badge badgeText: String?, isFavorite: Bool, avatarURL: URL?, texture: Texture?) {
        if identifier != id || wantedAvatar != avatarURL || texture != nil {
            avatar.setTexture(texture)
            hasAvatar = texture != nil
        }
        identifier = id
        wantedAvatar = avatarURL
        login.setText(text)
        name.setText(subtitle ?? "")
        name.setVisible(subtitle != nil)
        badge.setText(badgeText ?? "")
        badge.setVisible(badgeText != nil)
        badge.setClass("bot", badgeText == SearchState.badge(for: .bot))
        setFavorite(isFavorite, login: text)
        // Screen readers name the row by its login (DESIGN §5).
        root.setAccessibleLabel(text)
    }

    func setFavorite(_ isFavorite: Bool, login: String) {
        star.setButtonIcon(isFavorite ? "starred-symbolic" : "non-starred-symbolic")
        star.setAccessibleLabel(SearchRow.starLabel(login: login, isFavorite: isFavorite))
        self.isFavorite = isFavorite
    }

    func showAvatar(_ texture: Texture?, for url: URL) {
        guard wantedAvatar == url, let texture else { return }
        avatar.setTexture(texture)
        hasAvatar = true
    }

    /// A slot that shows no user (a letter header) wants no avatar.
    func clearAvatar() {
        wantedAvatar = nil
    }
}
