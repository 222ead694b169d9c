import Foundation

/// How the app looks: as the desktop says (its dark-style preference), or always light or dark.
public enum ColorSchemePreference: String, Codable, CaseIterable, Sendable {
    case system
    case light
    case dark

}

/// What the user chose in the app's settings. Unknown or missing fields keep their defaults, so
/// a file written by another version still loads.
public struct Preferences: Codable, Equatable, Sendable {
    public var colorScheme: ColorSchemePreference
    /// The GitHub API the app talks to (GitHub Enterprise: `https://HOST/api/v3`); nil is github.com.
    public var apiURL: URL?
    /// The GitHub Enterprise servers added in Preferences, in the order added (github.com is
    /// always there and never listed). The one in use is among them.
    public var servers: [URL]
    /// The OAuth app whose device flow signs in; nil: sign in with a personal access token only.
    public var oauthClientID: String?
    /// GNOME Shell's search asks GitHub for people too (off unless the user turns it on: by
    /// default the Shell's answers come from the favorites alone, with no request).
    public var shellSearchAsksGitHub: Bool
    /// What's New: how often, on which networks, which favorites are announced, in the background.
    public var news: NewsSettings

    public init(colorScheme: ColorSchemePreference = .system, apiURL: URL? = nil, servers: [URL] = [], oauthClientID: String? = nil,
                shellSearchAsksGitHub: Bool = false, news: NewsSettings = NewsSettings()) {
        self.shellSearchAsksGitHub = shellSearchAsksGitHub
        self.news = news
        self.colorScheme = colorScheme
        self.apiURL = apiURL
        self.servers = Self.listed(servers, inUse: apiURL)
        self.oauthClientID = oauthClientID
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        colorScheme = (try? container.decodeIfPresent(ColorSchemePreference.self, forKey: .colorScheme)) ?? .system
        // A hand-edited value that is not a usable address or ID is dropped, not obeyed.
        apiURL = (try? container.decodeIfPresent(String.self, forKey: .apiURL)).flatMap { try? ServerAddress.parse($0).get() }
        let servers = (try? container.decodeIfPresent([String].self, forKey: .servers)) ?? []
        self.servers = Self.listed(servers.compactMap { try? ServerAddress.parse($0).get() }, inUse: apiURL)
        oauthClientID = (try? container.decodeIfPresent(String.self, forKey: .oauthClientID)).flatMap { try? OAuthClientID.parse($0).get() }
        shellSearchAsksGitHub = (try? container.decodeIfPresent(Bool.self, forKey: .shellSearchAsksGitHub)) ?? false
        news = (try? container.decodeIfPresent(NewsSettings.self, forKey: .news)) ?? NewsSettings()
    }

    /// `servers` without github.com or repeats, with the server in use added when missing (a file
    /// from before the list, which knew only `apiURL`).
    static func listed(_ servers: [URL], inUse: URL?) -> [URL] {
        var listed: [URL] = []
        for server in servers + [inUse].compactMap({ $0 }) where !ServerAddress.isGitHubCom(server) && !listed.contains(server) {
            listed.append(server)
        }
        return listed
    }
}

/// `Preferences` kept in `$XDG_CONFIG_HOME/io.github.githubfinder.GitHubFinder/preferences.json`
/// (falling back to `~/.config/…`).
public struct PreferencesStore: Sendable {
    public let file: URL

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        file = XDGDirectory.config.file("preferences.json", environment: environment)
    }

    /// The saved preferences, or the defaults when there are none or the file is unreadable.
    public func load() -> Preferences {
        guard let data = try? Data(contentsOf: file), let preferences = try? JSONDecoder().decode(Preferences.self, from: data) else { return Preferences() }
        return preferences
    }

    public func save(_ preferences: Preferences) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(preferences).write(to: file, options: .atomic)
    }
}
