import Foundation

/// What the user needs to finish the OAuth device flow: the code to type at the page.
public struct DeviceAuthorization: Sendable, Equatable {
    public var deviceCode: String
    public var userCode: String
    public var verificationURI: URL
    public var expiresIn: Int
    /// Minimum seconds between polls.
    public var interval: Int
}

public enum DeviceFlowError: Error, Equatable, Sendable {
    /// Nobody entered the code in time (`expired_token`): start again.
    case expired
    /// The user pressed Cancel on GitHub (`access_denied`).
    case denied
    /// The OAuth app does not allow the device flow (`device_flow_disabled`).
    case disabled
    /// Any other answer from GitHub, in its words.
    case failed(String)
    /// The request itself failed.
    case network(GitHubError)
    case cancelled
}

/// The OAuth device flow (FACTS.md §11): ask for a code, show it, poll for the token at the
/// given interval, +5 s on `slow_down`. Answers are read from the body's `error` field, never
/// from the HTTP status (GitHub answers errors with 200). Time runs on the injected clock.
public struct DeviceFlowClient: Sendable {
    public let configuration: OAuthConfiguration
    let clientID: String
    let transport: any HTTPTransport
    let clock: any Clock<Duration>
    let userAgent: String

    public init?(configuration: OAuthConfiguration, transport: any HTTPTransport, clock: any Clock<Duration> = ContinuousClock(), userAgent: String = GitHubConfiguration().userAgent) {
        guard let clientID = configuration.clientID else { return nil }
        self.configuration = configuration
        self.clientID = clientID
        self.transport = transport
        self.clock = clock
        self.userAgent = userAgent
    }

    public func start(scope: String = "") async throws(DeviceFlowError) -> DeviceAuthorization {
        let body = try await post("login/device/code", ["client_id": clientID, "scope": scope])
        if let error = body["error"] as? String { throw Self.error(error, body) }
        guard let deviceCode = body["device_code"] as? String, let userCode = body["user_code"] as? String,
              let uri = (body["verification_uri"] as? String).flatMap(URL.init(string:)) else {
            throw .failed("GitHub sent an unreadable device code")
        }
        return DeviceAuthorization(deviceCode: deviceCode, userCode: userCode, verificationURI: uri,
                                   expiresIn: body["expires_in"] as? Int ?? 900, interval: max(body["interval"] as? Int ?? 5, 1))
    }

    /// Polls until the user approves (the token), refuses, or the code expires.
    public func token(for authorization: DeviceAuthorization) async throws(DeviceFlowError) -> String {
        var interval = authorization.interval
        var waited = 0
        while true {
            do { try await clock.sleep(for: .seconds(interval)) } catch { throw .cancelled }
            waited += interval
            let body = try await post("login/oauth/access_token", [
                "client_id": clientID, "device_code": authorization.deviceCode,
                "grant_type": "urn:ietf:params:oauth:grant-type:device_code",
            ])
            if let token = body["access_token"] as? String, !token.isEmpty { return token }
            switch body["error"] as? String {
            case "authorization_pending":
                break
            case "slow_down":
                interval = (body["interval"] as? Int) ?? interval + 5
            case let code?:
                throw Self.error(code, body)
            case nil:
                throw .failed("GitHub answered without a token or an error")
            }
            if waited >= authorization.expiresIn { throw .expired }
        }
    }

    private static func error(_ code: String, _ body: [String: Any]) -> DeviceFlowError {
        switch code {
        case "expired_token", "token_expired": .expired
        case "access_denied": .denied
        case "device_flow_disabled": .disabled
        default: .failed((body["error_description"] as? String) ?? code)
        }
    }

    private func post(_ path: String, _ form: [String: String]) async throws(DeviceFlowError) -> [String: Any] {
        let url = configuration.baseURL.appendingPathComponent(path)
        let body = form.sorted { $0.key < $1.key }.map { "\(GitHubEndpoint.encode($0.key))=\(GitHubEndpoint.encode($0.value))" }.joined(separator: "&")
        let request = HTTPRequestData(url: url, method: "POST", headers: [
            "Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded", "User-Agent": userAgent,
        ], body: Data(body.utf8))
        if Task.isCancelled { throw .cancelled }
        let response: HTTPResponseData
        do { response = try await transport.send(request) } catch .cancelled { throw .cancelled } catch { throw .network(error) }
        guard let object = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] else {
            throw .network(response.status >= 500 ? .serverError(status: response.status) : .undecodable("device flow: not JSON"))
        }
        return object
    }
}

/// Where the OAuth device flow runs and with which OAuth app.
public struct OAuthConfiguration: Sendable, Equatable {
    /// Nil: no OAuth app is configured and only personal access tokens can be used.
    public var clientID: String?
    /// `https://github.com` for api.github.com; the server's root for GitHub Enterprise or the double.
    public var baseURL: URL

    public init(clientID: String?, baseURL: URL) {
        self.clientID = clientID.flatMap { $0.isEmpty ? nil : $0 }
        self.baseURL = baseURL
    }

    /// The environment variable that sets the client ID for this run over the Preferences
    /// window's choice, when it is set.
    public static func override(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        environment["GITHUB_FINDER_CLIENT_ID"].flatMap { $0.isEmpty ? nil : "GITHUB_FINDER_CLIENT_ID" }
    }

    /// `GITHUB_FINDER_CLIENT_ID`, else `clientID` (the Preferences window's), and the web host
    /// that goes with `apiBaseURL`.
    public static func from(apiBaseURL: URL, environment: [String: String] = ProcessInfo.processInfo.environment, clientID: String? = nil) -> OAuthConfiguration {
        let id = override(environment: environment).flatMap { environment[$0] } ?? clientID
        if let override = environment["GITHUB_FINDER_OAUTH_URL"].flatMap(URL.init(string:)) {
            return OAuthConfiguration(clientID: id, baseURL: override)
        }
        if apiBaseURL.host?.lowercased() == "api.github.com" {
            return OAuthConfiguration(clientID: id, baseURL: URL(string: "https://github.com")!)
        }
        var components = URLComponents()
        components.scheme = apiBaseURL.scheme
        components.host = apiBaseURL.host
        components.port = apiBaseURL.port
        return OAuthConfiguration(clientID: id, baseURL: components.url ?? apiBaseURL)
    }
}
