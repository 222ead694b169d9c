import Foundation

/// Where the UI definitions, CSS and shortcuts window are: the installed share folder, the
/// SwiftPM resource bundle next to the executable, or this source folder in a checkout.
public enum AppResources {
    public static let directory: URL = {
        let fileManager = FileManager.default
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "").resolvingSymlinksInPath().deletingLastPathComponent()
        var candidates: [URL] = []
        if let override = ProcessInfo.processInfo.environment["GITHUB_FINDER_RESOURCES"], !override.isEmpty {
            candidates.append(URL(fileURLWithPath: override))
        }
        candidates.append(executable.appendingPathComponent("../share/github-finder").standardizedFileURL)
        candidates.append(executable.appendingPathComponent("GitHubFinder_GitHubFinderResources.resources"))
        candidates.append(URL(fileURLWithPath: #filePath).deletingLastPathComponent())
        return candidates.first { fileManager.fileExists(atPath: $0.appendingPathComponent("ui/window.ui").path) } ?? candidates.last!
    }()

    public static func file(_ relativePath: String) -> URL {
        directory.appendingPathComponent(relativePath)
    }
}
