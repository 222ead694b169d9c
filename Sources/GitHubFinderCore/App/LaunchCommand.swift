import Foundation

/// What the command line asks for: `github-finder [--api-url URL] [--search QUERY]
/// [--benchmark-startup]`, or `--version`, or `--help`. Parsed by hand rather than with
/// swift-argument-parser, whose reflection over the command costs 2–3 ms of every start.
public enum LaunchCommand: Equatable, Sendable {
    case run(apiURL: URL?, search: String?, benchmarkStartup: Bool, service: Bool = false, openNews: String? = nil)
    case help
    case version

    public static let name = "github-finder"
    public static let usage = "\(name) [--api-url <api-url>] [--search <search>] [--benchmark-startup]"

    public static let helpText = """
        OVERVIEW: Find GitHub users, keep favorites, read profiles.

        USAGE: \(usage)

        OPTIONS:
          --api-url <api-url>     GitHub API base URL (default: $GITHUB_API_URL or
                                  https://api.github.com).
          --search <search>       Start with this query searched.
          --benchmark-startup     Print the milliseconds from process start to the
                                  first frame drawn, then quit.
          --gapplication-service  Start with no window, as D-Bus does for GNOME
                                  Shell's search (quit when idle), or as the session
                                  does with "Check in the Background" on.
          --open-news <id>        Open What's New on an entry (a notification's
                                  click).
          --version               Show the version.
          -h, --help              Show help information.

        SUBCOMMANDS:
          favorites list|export|import
                                  List, export or import favorites without opening
                                  a window ('\(name) favorites --help').

        """

    /// A usage error: what was wrong, said as the message after "Error: ".
    public struct UsageError: Error, Equatable, Sendable {
        public let message: String
    }

    /// `arguments` without the program name. `--name value` and `--name=value` both work.
    public static func parse(_ arguments: [String]) -> Result<LaunchCommand, UsageError> {
        var apiURL: URL?
        var search: String?
        var benchmarkStartup = false
        var service = false
        var openNews: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, attached) = split(argument)
            func value() -> String? { attached ?? remaining.popFirst() }
            switch name {
            case "-h", "--help":
                return .success(.help)
            case "--version":
                return .success(.version)
            case "--benchmark-startup":
                guard attached == nil else { return .failure(UsageError(message: "'--benchmark-startup' takes no value")) }
                benchmarkStartup = true
            case "--gapplication-service":
                guard attached == nil else { return .failure(UsageError(message: "'--gapplication-service' takes no value")) }
                service = true
            case "--open-news":
                guard let text = value() else { return .failure(UsageError(message: "Missing value for '--open-news <id>'")) }
                openNews = text
            case "--search":
                guard let text = value() else { return .failure(UsageError(message: "Missing value for '--search <search>'")) }
                search = text
            case "--api-url":
                guard let text = value() else { return .failure(UsageError(message: "Missing value for '--api-url <api-url>'")) }
                guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme), url.host != nil else {
                    return .failure(UsageError(message: "--api-url must be an http(s) URL, e.g. https://api.github.com"))
                }
                apiURL = url
            default:
                return .failure(UsageError(message: argument.hasPrefix("-") ? "Unknown option '\(name)'" : "Unexpected argument '\(argument)'"))
            }
        }
        return .success(.run(apiURL: apiURL, search: search, benchmarkStartup: benchmarkStartup, service: service, openNews: openNews))
    }

    private static func split(_ argument: String) -> (name: String, value: String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}
