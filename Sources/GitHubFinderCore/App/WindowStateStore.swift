import Foundation

/// The main window's size, remembered under `$XDG_STATE_HOME/io.github.githubfinder.GitHubFinder/`
/// (falling back to `~/.local/state/…`).
public struct WindowState: Codable, Equatable, Sendable {
    public static let standard = WindowState(width: 1100, height: 720, isMaximized: false)

    public var width: Int
    public var height: Int
    public var isMaximized: Bool

    public init(width: Int, height: Int, isMaximized: Bool) {
        self.width = width
        self.height = height
        self.isMaximized = isMaximized
    }
}

public struct WindowStateStore: Sendable {
    public let file: URL

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        file = XDGDirectory.state.file("window.json", environment: environment)
    }

    /// The saved size, or the default when there is none or it is unreadable or absurd.
    public func load() -> WindowState {
        guard let data = try? Data(contentsOf: file), let state = try? JSONDecoder().decode(WindowState.self, from: data),
              (360...10_000).contains(state.width), (300...10_000).contains(state.height) else { return .standard }
        return state
    }

    public func save(_ state: WindowState) {
        try? FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? JSONEncoder().encode(state).write(to: file, options: .atomic)
    }
}
