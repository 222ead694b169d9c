import CGtk
import CGtkSupport
import Foundation
import GitHubFinderCore

/// A GtkBuilder over one `.ui` file of the app's GResource bundle (`ui/…`).
@MainActor
final class Builder {
    private let builder: ObjectRef

    init(_ file: String) {
        GResources.register()
        builder = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_builder_new()))
        // Properties marked translatable="yes" are translated in the app's gettext domain.
        gtk_builder_set_translation_domain(OpaquePointer(builder.pointer), Localization.domain)
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_resource(OpaquePointer(builder.pointer), GResources.path("ui/\(file)"), &error) != 0 else {
            fatalError("\(file) could not be loaded: \(error.map { String(cString: $0.pointee.message) } ?? "unknown error")")
        }
    }

    /// A GtkBuilder over a UI definition made in code (`ShortcutsWindow`).
    init(definition: String) {
        builder = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_builder_new()))
        var error: UnsafeMutablePointer<GError>?
        guard gtk_builder_add_from_string(OpaquePointer(builder.pointer), definition, -1, &error) != 0 else {
            fatalError("a UI definition made in code could not be loaded: \(error.map { String(cString: $0.pointee.message) } ?? "unknown error")")
        }
    }

    private var opaque: OpaquePointer { OpaquePointer(builder.pointer) }

    /// The widget with `id` as a `W`: resolved once, in a view's `init`, and kept as an outlet.
    /// A missing id, or one of another kind, is a programming error in the `.ui` file.
    func get<W: Widget>(_ id: String, as type: W.Type = W.self) -> W {
        let object = object(id)
        guard g_type_check_instance_is_a(object.assumingMemoryBound(to: GTypeInstance.self), W.gtkType) != 0 else {
            fatalError("\(id) in the UI definition is not a \(String(cString: g_type_name(W.gtkType)))")
        }
        return W(object.assumingMemoryBound(to: GtkWidget.self))
    }

    /// Gives `button` the menu `menu` (of this file) when it first opens: menus are left out of
    /// the .ui's menu buttons so that they are not built before they are used.
    func setMenu(_ menu: String, whenOpened button: MenuButton) {
        ghf_menu_button_set_menu_model_when_opened(button.opaque, object(menu).assumingMemoryBound(to: GMenuModel.self))
    }

    private func object(_ id: String) -> UnsafeMutableRawPointer {
        guard let object = gtk_builder_get_object(opaque, id) else { fatalError("\(id) is missing from the UI definition") }
        return UnsafeMutableRawPointer(object)
    }
}
