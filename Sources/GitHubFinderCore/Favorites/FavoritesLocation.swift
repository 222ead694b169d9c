import Foundation

/// Where favorites live: `$XDG_DATA_HOME/io.github.githubfinder.GitHubFinder/favorites.sqlite`,
/// falling back to `~/.local/share/…` as the XDG Base Directory spec says.
public enum FavoritesLocation {
    public static let applicationID = "io.github.githubfinder.GitHubFinder"

    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        dataDirectory(environment: environment).appendingPathComponent(applicationID).appendingPathComponent("favorites.sqlite")
    }

    static func dataDirectory(environment: [String: String]) -> URL {
        // The spec ignores relative paths.
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share")
    }
}
