import Foundation

/// The avatar of a recycled row (a repository's owner, a What's New entry): the image once it
/// comes (`OnScreenAvatars` asks for it while the row is on screen), initials on a colour until
/// then or when there is none. A row shown again for someone else drops the other's image at once
/// and shows nothing until its own initials are made (on screen only: each costs a Pango layout).
@MainActor
final class AvatarSlot {
    let view: RowAvatar
    /// The image the row wants now.
    private(set) var wanted: URL?
    /// True once `wanted` is drawn.
    private(set) var hasImage = false
    private var initials = ""
    /// The row shows someone (it is not a header or blank).
    private var isShowing = false

    init(size: Int32) {
        view = RowAvatar(size: size)
        view.hideFromAccessibility()
    }

    /// The row now shows `url`'s image with `initials` until it comes; `texture` when already
    /// decoded; `isAnother`: the row showed someone else before.
    func show(_ url: URL?, initials: String, texture: Texture?, isAnother: Bool) {
        if isAnother || wanted != url || texture != nil {
            view.setImage(texture)
            hasImage = texture != nil
        }
        self.initials = initials
        view.setOpacity(hasImage || view.text == initials ? 1 : 0)
        wanted = url
        isShowing = true
    }

    /// The image of `url`, if the row still wants it.
    func showImage(_ texture: Texture?, for url: URL) {
        guard wanted == url, let texture else { return }
        view.setImage(texture)
        view.setOpacity(1)
        hasImage = true
    }

    func showInitials() {
        guard !hasImage, isShowing else { return }
        view.setText(initials)
        view.setOpacity(1)
    }

    /// The row shows no one now (a header).
    func clear() {
        isShowing = false
        wanted = nil
        hasImage = false
        view.setImage(nil)
    }
}
