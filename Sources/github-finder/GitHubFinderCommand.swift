import ArgumentParser
import Foundation
import GitHubFinderCore
import GitHubFinderGTK

/// `github-finder [--api-url URL] [--search QUERY] [--benchmark-startup]`
struct GitHubFinderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "github-finder",
        abstract: "Find GitHub users, keep favorites, read profiles.",
        version: "github-finder 0.4.0"
    )

    @Option(name: .customLong("api-url"), help: "GitHub API base URL (default: $GITHUB_API_URL or https://api.github.com).")
    var apiURL: String?

    @Option(help: "Start with this query searched.")
    var search: String?

    @Flag(help: "Print the milliseconds from process start to the first frame drawn, then quit.")
    var benchmarkStartup = false

    func validate() throws {
        if let apiURL {
            guard let url = URL(string: apiURL), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                throw ValidationError("--api-url must be an http(s) URL, e.g. https://api.github.com")
            }
        }
    }

    func run() throws {
        StartupTrace.mark("main")
        Localization.setUp()
        let options = GitHubFinderApplication.Options(apiURL: apiURL.flatMap(URL.init(string:)), search: search, benchmarkStartup: benchmarkStartup)
        let status = MainActor.assumeIsolated {
            GitHubFinderApplication(options: options).run()
        }
        if status != 0 { throw ExitCode(status) }
    }
}
