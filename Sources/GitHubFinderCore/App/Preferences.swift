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

    public init(colorScheme: ColorSchemePreference = .system) {
        self.colorScheme = colorScheme
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        colorScheme = (try? container.decodeIfPresent(ColorSchemePreference.self, forKey: .colorScheme)) ?? .system
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
