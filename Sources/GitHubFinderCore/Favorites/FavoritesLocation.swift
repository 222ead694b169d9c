import Foundation

/// Where favorites live: `$XDG_DATA_HOME/io.github.githubfinder.GitHubFinder/favorites.sqlite`,
/// falling back to `~/.local/share/…` as the XDG Base Directory spec says.
public enum FavoritesLocation {
    public static let applicationID = "io.github.githubfinder.GitHubFinder"

    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGDirectory.data.file("favorites.sqlite", environment: environment)
    }
}
