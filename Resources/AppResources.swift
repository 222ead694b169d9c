import Foundation

/// The GResource bundle of the UI files, CSS, images and icons (github-finder.gresource.xml),
/// compiled into the binary by GResourcePlugin. The GTK layer registers it with GLib once.
public enum AppResources {
    /// Where the bundle's files are: the application's resource base path.
    public static let path = "/io/github/githubfinder/GitHubFinder"

    /// The bundle, as glib-compile-resources made it.
    public static var bundle: Data {
        guard let data = Data(base64Encoded: gresourceBase64) else { fatalError("the embedded GResource bundle is not base64") }
        return data
    }
}
