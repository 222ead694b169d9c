import CGtk
import Foundation
import GitHubFinderResources

/// A GtkBuilder over one `.ui` file of the resources folder.
@MainActor
final class Builder {
    private let builder: ObjectRef

    init(_ file: String) {
        let path = AppResources.file("ui/\(file)").path
        builder = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_builder_new_from_file(path)))
    }

    private var opaque: OpaquePointer { OpaquePointer(builder.pointer) }

    /// The widget with `id`; a missing id is a programming error in the `.ui` file.
    func widget(_ id: String) -> Widget {
        guard let object = gtk_builder_get_object(opaque, id) else {
            fatalError("\(id) is missing from the UI definition")
        }
        return Widget(raw: UnsafeMutableRawPointer(object))
    }

    func object(_ id: String) -> UnsafeMutableRawPointer {
        guard let object = gtk_builder_get_object(opaque, id) else { fatalError("\(id) is missing from the UI definition") }
        return UnsafeMutableRawPointer(object)
    }
}
