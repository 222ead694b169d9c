import Foundation

/// Where the API lives and how to identify ourselves. The token is held here and nowhere else;
/// `description` never prints it.
public struct GitHubConfiguration: Sendable, CustomStringConvertible {
    public static let defaultBaseURL = URL(string: "https://api.github.com")!
    public static let apiVersion = "2022-11-28"

    public var baseURL: URL
    public var token: String?
    public var userAgent: String
    /// Seconds before a request with no answer counts as offline.
    public var timeout: TimeInterval

    public init(baseURL: URL = Self.defaultBaseURL, token: String? = nil, userAgent: String = "GitHubFinder/0.1 (Linux; GTK)", timeout: TimeInterval = 20) {
        self.baseURL = baseURL
        self.token = token.flatMap { $0.isEmpty ? nil : $0 }
        self.userAgent = userAgent
        self.timeout = timeout
    }

    /// Reads `GITHUB_API_URL` and the token (`GH_TOKEN`, then `GITHUB_TOKEN`) from the environment.
    /// The API is the explicit `baseURL` (from `--api-url`), else the variable, else `preferred`
    /// (the Preferences window's choice), else github.com.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment, baseURL: URL? = nil, preferred: URL? = nil) -> GitHubConfiguration {
        let token = [environment["GH_TOKEN"], environment["GITHUB_TOKEN"]].compactMap { $0 }.first { !$0.isEmpty }
        return GitHubConfiguration(baseURL: baseURL ?? variableURL(environment) ?? preferred ?? defaultBaseURL, token: token)
    }

    /// What sets the API for this run over the Preferences window's choice ("--api-url",
    /// "GITHUB_API_URL"), or nil when the choice is the user's.
    public static func override(commandLine: URL?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        commandLine != nil ? "--api-url" : variableURL(environment) != nil ? "GITHUB_API_URL" : nil
    }

    private static func variableURL(_ environment: [String: String]) -> URL? {
        environment["GITHUB_API_URL"].flatMap { $0.isEmpty ? nil : URL(string: $0) }
    }

    /// True when `url` is on the API's origin (scheme, host and port), the only place the token goes.
    public func isAPIOrigin(_ url: URL) -> Bool {
        url.scheme?.lowercased() == baseURL.scheme?.lowercased()
            && url.host?.lowercased() == baseURL.host?.lowercased()
            && Self.port(of: url) == Self.port(of: baseURL)
    }

    public var description: String {
        "GitHubConfiguration(baseURL: \(baseURL.absoluteString), token: \(token == nil ? "none" : "set"))"
    }

    private static func port(of url: URL) -> Int? {
        url.port ?? (url.scheme?.lowercased() == "https" ? 443 : url.scheme?.lowercased() == "http" ? 80 : nil)
    }
}
