import CGtk
import CGtkSupport
import Foundation

/// A GdkTexture decoded from image bytes (PNG, JPEG…), owned.
@MainActor
public final class Texture {
    let ref: ObjectRef

    /// Nil when the bytes are not a readable image.
    init?(data: [UInt8]) {
        var message: UnsafeMutablePointer<CChar>?
        guard let texture = data.withUnsafeBufferPointer({ ghf_texture_from_data($0.baseAddress, gsize($0.count), &message) }) else {
            g_free(message)
            return nil
        }
        ref = ObjectRef(adopting: UnsafeMutableRawPointer(texture))
    }

    /// Takes over a texture decoded elsewhere (`ImageDecoder`, off the main thread).
    init(adopting texture: OpaquePointer) {
        ref = ObjectRef(adopting: UnsafeMutableRawPointer(texture))
    }

    var opaque: OpaquePointer { OpaquePointer(ref.pointer) }
    var width: Int32 { gdk_texture_get_width(opaque) }
    var height: Int32 { gdk_texture_get_height(opaque) }
    /// What its pixels take in memory.
    var pixelBytes: Int { Int(width) * Int(height) * 4 }
}

/// A GtkImage of a themed icon.
final class Image: Widget {
    override class var gtkType: GType { gtk_image_get_type() }

    convenience init(icon: String, pixelSize: Int32 = 16) {
        self.init(gtk_image_new_from_icon_name(icon))
        gtk_image_set_pixel_size(opaque, pixelSize)
    }
}

/// An AdwAvatar: initials on a colour until it has an image.
final class Avatar: Widget {
    override class var gtkType: GType { adw_avatar_get_type() }

    /// `size` pixels square, showing initials (a name's first letters) until it has an image.
    convenience init(size: Int32) {
        self.init(adw_avatar_new(size, nil, 1))
    }

    /// The name whose initials (and colour) the avatar shows until it has an image.
    var text: String { adw_avatar_get_text(opaque).map { String(cString: $0) } ?? "" }

    func setText(_ text: String) {
        if self.text != text { adw_avatar_set_text(opaque, text) }
    }

    /// The image drawn instead of the initials; `nil` shows the initials again.
    func setImage(_ texture: Texture?) { adw_avatar_set_custom_image(opaque, texture?.opaque) }
}

/// The avatar of a list row (`GhfAvatar`): one widget where AdwAvatar is five, ~9 KB less for
/// each of the ~200 rows GTK keeps per list. Styled by Adwaita as AdwAvatar is: initials on
/// the colour their text picks until it has an image.
final class RowAvatar: Widget {
    override class var gtkType: GType { ghf_avatar_get_type() }

    /// `size` pixels square, showing initials (a name's first letters) until it has an image.
    convenience init(size: Int32) {
        self.init(ghf_avatar_new(size))
    }

    private var avatar: OpaquePointer { OpaquePointer(raw) }

    /// The name whose initials (and colour) the avatar shows until it has an image.
    var text: String { ghf_avatar_get_text(avatar).map { String(cString: $0) } ?? "" }

    func setText(_ text: String) {
        ghf_avatar_set_text(avatar, text)
    }

    /// The image drawn instead of the initials; `nil` shows the initials again.
    func setImage(_ texture: Texture?) { ghf_avatar_set_texture(avatar, texture?.opaque) }
}

/// A GtkPicture: a README's image, as wide as it is (or as asked) and never wider than the pane.
final class Picture: Widget {
    override class var gtkType: GType { gtk_picture_get_type() }

    convenience init() {
        self.init(gtk_picture_new())
        gtk_picture_set_can_shrink(opaque, 1)
        gtk_picture_set_keep_aspect_ratio(opaque, 1)
    }

    /// Shows `texture` as wide as it is where there is room, shrinking with the pane down to
    /// `minimumWidth` (a wide screenshot never widens the window; a row of badges, which lays
    /// children out at their minimum, shows them whole). A `Clamp` around it keeps it narrower.
    func show(_ texture: Texture, minimumWidth: Int32 = 240) {
        gtk_picture_set_paintable(opaque, texture.opaque)
        guard texture.width > 0 else { return }
        let width = min(texture.width, minimumWidth)
        setSize(width: width, height: Int32((Double(width) * Double(texture.height) / Double(texture.width)).rounded()))
    }
}
