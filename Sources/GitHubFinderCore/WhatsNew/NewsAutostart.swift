import Foundation

/// Preferences › "Check in the background": an XDG autostart entry that starts the app with the
/// session as a service without a window (`--gapplication-service`), so What's New checks and
/// notifies with the window closed. It exists exactly while the preference is on.
public enum NewsAutostart {
    /// `$XDG_CONFIG_HOME/autostart/io.github.githubfinder.GitHubFinder.desktop` (falling back
    /// to `~/.config/autostart/…`), as the XDG Autostart spec says.
    public static func file(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        XDGDirectory.config.base(environment: environment)
            .appendingPathComponent("autostart", isDirectory: true)
            .appendingPathComponent(FavoritesLocation.applicationID + ".desktop")
    }

    /// The entry for `executable` (the app's real path: a build run from its folder starts the
    /// same binary at the next login).
    public static func entry(executable: String) -> String {
        let comment = tr("Checks your favorites for new releases and repositories")
        return """
        [Desktop Entry]
        Type=Application
        Name=\(AboutTexts.applicationName)
        Comment=\(comment)
        Exec=\(quoted(executable)) --gapplication-service
        Icon=\(FavoritesLocation.applicationID)
        NoDisplay=true
        X-GNOME-Autostart-enabled=true
        X-GNOME-UsesNotifications=true

        """
    }

    /// Writes the entry (on) or removes it (off).
    public static func set(_ isOn: Bool, executable: String, environment: [String: String] = ProcessInfo.processInfo.environment) throws {
        let file = file(environment: environment)
        if isOn {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(entry(executable: executable).utf8).write(to: file, options: .atomic)
        } else if FileManager.default.fileExists(atPath: file.path) {
            try FileManager.default.removeItem(at: file)
        }
    }

    /// A desktop entry's Exec argument: quoted when it has a space or a reserved character.
    static func quoted(_ path: String) -> String {
        let reserved = CharacterSet(charactersIn: " \t\n\"'\\><~|&;$*?#()`")
        guard path.rangeOfCharacter(from: reserved) != nil else { return path }
        let escaped = path.replacingOccurrences(of: "\\", with: "\\\\\\\\").replacingOccurrences(of: "\"", with: "\\\\\"")
            .replacingOccurrences(of: "`", with: "\\\\`").replacingOccurrences(of: "$", with: "\\\\$")
        return "\"\(escaped)\""
    }
}
