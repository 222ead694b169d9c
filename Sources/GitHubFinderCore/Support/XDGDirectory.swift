import Foundation

/// The XDG Base Directory folders the app keeps its files in, each under its own
/// `io.github.githubfinder.GitHubFinder` folder.
public enum XDGDirectory: Sendable {
    /// Favorites: `$XDG_DATA_HOME`, else `~/.local/share`.
    case data
    /// The window's size: `$XDG_STATE_HOME`, else `~/.local/state`.
    case state
    /// Preferences: `$XDG_CONFIG_HOME`, else `~/.config`.
    case config
    /// Favorites' avatars for GNOME Shell: `$XDG_CACHE_HOME`, else `~/.cache`.
    case cache

    /// `name` in the app's folder of this kind.
    public func file(_ name: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        folder(environment: environment).appendingPathComponent(name)
    }

    /// The app's folder of this kind.
    public func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        base(environment: environment).appendingPathComponent(FavoritesLocation.applicationID, isDirectory: true)
    }

    /// The base folder of this kind (`$XDG_CONFIG_HOME`, …), not the app's own folder in it.
    func base(environment: [String: String]) -> URL {
        let (variable, fallback) = switch self {
        case .data: ("XDG_DATA_HOME", ".local/share")
        case .state: ("XDG_STATE_HOME", ".local/state")
        case .config: ("XDG_CONFIG_HOME", ".config")
        case .cache: ("XDG_CACHE_HOME", ".cache")
        }
        // The spec ignores relative paths.
        if let xdg = environment[variable], xdg.hasPrefix("/") { return URL(fileURLWithPath: xdg) }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(fallback)
    }
}
