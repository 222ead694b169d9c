import CGtk
import Foundation
import GitHubFinderResources

/// The app's GResource bundle, registered with GLib on first use: `resource://` paths under
/// `AppResources.path` then work for GtkBuilder, CSS and the icon theme.
enum GResources {
    static func path(_ file: String) -> String { "\(AppResources.path)/\(file)" }

    static func register() { _ = registered }

    private static let registered: Void = {
        let data = AppResources.bundle
        let bytes = data.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        var error: UnsafeMutablePointer<GError>?
        guard let resource = g_resource_new_from_data(bytes, &error) else {
            fatalError("the embedded GResource bundle is damaged: \(error.map { String(cString: $0.pointee.message) } ?? "unknown error")")
        }
        g_bytes_unref(bytes)
        // Registered for the life of the process: GLib keeps its reference.
        g_resources_register(resource)
        g_resource_unref(resource)
    }()
}
