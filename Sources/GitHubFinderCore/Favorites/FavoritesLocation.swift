import Foundation

/// Where favorites live: one SQLite file per GitHub server, so that ids (which collide across
/// servers) and everything kept with them (the outbox, the sync state) never mix. github.com's
/// is `$XDG_DATA_HOME/io.github.githubfinder.GitHubFinder/favorites.sqlite` (falling back to
/// `~/.local/share/…` as the XDG Base Directory spec says), the file every favorite made
/// before servers were kept apart is in; another server's is `servers/<address>/favorites.sqlite`
/// beside it.
public enum FavoritesLocation {
    public static let applicationID = "io.github.githubfinder.GitHubFinder"

    /// The folder the files are in.
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGDirectory.data.folder(environment: environment)
    }

    /// github.com's file.
    public static func defaultFile(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        file(for: GitHubConfiguration.defaultBaseURL, in: defaultFolder(environment: environment))
    }

    /// The file of the server whose API is at `server`, in `folder`.
    public static func file(for server: URL, in folder: URL) -> URL {
        guard let name = folderName(for: server) else { return folder.appendingPathComponent("favorites.sqlite") }
        return folder.appendingPathComponent("servers").appendingPathComponent(name).appendingPathComponent("favorites.sqlite")
    }

    /// Where the server's built Favorites indexes are kept between sessions, in `base` (the app
    /// passes its `XDGDirectory.cache` folder: the files are a cache, see
    /// `AppDatabase+IndexSnapshots.swift`): `favorites-index` beside where `file(for:in:)` puts
    /// the server's favorites.
    public static func indexCacheFolder(for server: URL, in base: URL) -> URL {
        file(for: server, in: base).deletingLastPathComponent().appendingPathComponent("favorites-index", isDirectory: true)
    }

    /// The server's host, port and path in one folder name: letters, digits, `.` and `-` kept,
    /// anything else percent-encoded (so `/` cannot nest and two addresses cannot meet); nil for
    /// github.com. The scheme is left out: http and https of one host are one server.
    static func folderName(for server: URL) -> String? {
        guard !ServerAddress.isGitHubCom(server) else { return nil }
        var address = (server.host ?? "").lowercased()
        if let port = server.port { address += ":\(port)" }
        var path = server.path
        while path.hasSuffix("/") { path.removeLast() }
        address += path
        let kept = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-")
        let name = address.addingPercentEncoding(withAllowedCharacters: kept) ?? address
        // "." and ".." would name the folder itself or its parent.
        return name.allSatisfy { $0 == "." } ? name.replacingOccurrences(of: ".", with: "%2E") : name
    }
}
