import Foundation

/// What is wrong with an address typed for the GitHub API, in words for the Preferences window.
public struct SettingProblem: Error, Equatable, Sendable {
    public let message: String
}

/// The GitHub API address a user types in Preferences: github.com's or a GitHub Enterprise
/// server's (`https://github.example.com/api/v3`).
public enum ServerAddress {
    /// The address typed, trimmed, checked and normalised (no trailing slash). An empty text is
    /// github.com's API. Only the form is checked here; `check` asks the server itself.
    public static func parse(_ text: String) -> Result<URL, SettingProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .success(GitHubConfiguration.defaultBaseURL) }
        // "github.example.com/api/v3" typed without a scheme means https.
        let withScheme = trimmed.contains("://") ? trimmed : "https://" + trimmed
        guard var components = URLComponents(string: withScheme), let scheme = components.scheme?.lowercased(),
              let host = components.host, !host.isEmpty else {
            return .failure(SettingProblem(message: tr("This is not a web address.")))
        }
        guard scheme == "https" || scheme == "http" else {
            return .failure(SettingProblem(message: tr("The address must start with https:// (or http://).")))
        }
        guard components.user == nil, components.password == nil else {
            return .failure(SettingProblem(message: tr("Leave the user name and password out of the address: sign in instead.")))
        }
        guard components.query == nil, components.fragment == nil else {
            return .failure(SettingProblem(message: tr("The address cannot have a query (?) or a fragment (#).")))
        }
        // github.com's web pages are not its API: say where the API is.
        if ["github.com", "www.github.com"].contains(host.lowercased()) {
            return .failure(SettingProblem(message: tr("That is GitHub's website. Its API is at https://api.github.com.")))
        }
        components.scheme = scheme
        components.host = host.lowercased()
        while components.path.hasSuffix("/") { components.path.removeLast() }
        guard let url = components.url else { return .failure(SettingProblem(message: tr("This is not a web address."))) }
        return .success(url)
    }

    /// True for github.com's own API.
    public static func isGitHubCom(_ url: URL) -> Bool {
        url.host?.lowercased() == GitHubConfiguration.defaultBaseURL.host && (url.path.isEmpty || url.path == "/")
    }

    /// True when both addresses name one server: they share a favorites file (scheme, case and
    /// a trailing slash aside).
    public static func isSame(_ first: URL, _ second: URL) -> Bool {
        FavoritesLocation.folderName(for: first) == FavoritesLocation.folderName(for: second)
    }

    /// What the window's subtitle says of the server in use: nothing for github.com, else its
    /// name, so nobody mistakes an Enterprise server's favorites for github.com's.
    public static func windowSubtitle(_ url: URL) -> String? {
        isGitHubCom(url) ? nil : displayName(url)
    }

    /// How the address is named in sentences: its host, with the port when there is one.
    public static func displayName(_ url: URL) -> String {
        guard let host = url.host else { return url.absoluteString }
        return url.port.map { "\(host):\($0)" } ?? host
    }

    /// Asks the server at `url` for its rate limits (`GET /rate_limit`, which costs no quota):
    /// only a GitHub API answers that with its buckets. Nil when it did; else what went wrong.
    public static func check(_ url: URL, userAgent: String = GitHubConfiguration().userAgent) async -> SettingProblem? {
        let client = GitHubClient(configuration: GitHubConfiguration(baseURL: url, userAgent: userAgent, timeout: 10))
        do {
            let limits = try await client.rateLimitStatus()
            if limits.isEmpty {
                return SettingProblem(message: tr("The server at {address} answered, but not as a GitHub API does.", ["address": displayName(url)]))
            }
            return nil
        } catch .undecodable, .notFound, .unusableRedirect, .tooManyRedirects {
            return SettingProblem(message: tr("The server at {address} answered, but not as a GitHub API does.", ["address": displayName(url)]))
        } catch {
            // TRANSLATORS: {reason} is a whole sentence saying what went wrong.
            return SettingProblem(message: tr("No GitHub API answered at {address}. {reason}", ["address": displayName(url), "reason": error.localizedDescription]))
        }
    }
}

/// The client ID of an OAuth app (device flow), as GitHub shows it on the app's page.
public enum OAuthClientID {
    /// Nil for an empty text (no OAuth app); else the trimmed ID, when it has the form of one.
    public static func parse(_ text: String) -> Result<String?, SettingProblem> {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return .success(nil) }
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: ".-_"))
        guard trimmed.count <= 100, trimmed.unicodeScalars.allSatisfy({ $0.isASCII && allowed.contains($0) }) else {
            return .failure(SettingProblem(message: tr("A client ID has only letters, digits, dots, dashes and underscores, as shown on the OAuth app's page.")))
        }
        return .success(trimmed)
    }
}
