import Foundation
import Logging

/// The live GitHub REST client: headers, credentials policy, redirects, conditional requests,
/// rate-limit bookkeeping and typed errors. Decoding lives in `GitHubClient+Endpoints.swift`.
public final class GitHubClient: GitHubAPI {
    public let configuration: GitHubConfiguration
    public let rateLimits: RateLimitMonitor
    /// The token sent now (starts as `configuration.token`); sign-in and sign-out change it.
    public let credentials: Credentials
    let transport: any HTTPTransport
    /// Avatars' own session: a list scrolled fast starts and cancels dozens of downloads, and
    /// API requests must not wait behind them for a connection.
    let avatarTransport: any HTTPTransport
    let cache: ConditionalCache
    let logger: Logger
    private static let maximumRedirects = 5

    public init(configuration: GitHubConfiguration, transport: (any HTTPTransport)? = nil, rateLimits: RateLimitMonitor = RateLimitMonitor(), logger: Logger = Logger(label: "GitHubFinder.GitHubClient")) {
        self.configuration = configuration
        self.transport = transport ?? SoupTransport(timeout: configuration.timeout, userAgent: configuration.userAgent)
        avatarTransport = transport ?? SoupTransport(timeout: configuration.timeout, userAgent: configuration.userAgent)
        self.rateLimits = rateLimits
        self.credentials = Credentials(token: configuration.token)
        self.cache = ConditionalCache()
        self.logger = logger
    }

    /// How one request is sent: which bucket it spends, whether it may carry the token, and
    /// whether it is revalidated with `If-None-Match`.
    struct RequestPolicy {
        var resource: String
        var sendsCredentials: Bool = true
        var conditional: Bool = false
        var accept = "application/vnd.github+json"
        /// A token to send instead of the current one (validating a token before keeping it).
        var token: String?
        /// Sent over `avatarTransport`.
        var isAvatar = false
        /// The most of the body read (`HTTPRequestData.maximumBodyBytes`).
        var maximumBodyBytes: Int?
        /// Where a redirect may go (nil: anywhere http(s)).
        var mayFollow: (@Sendable (URL) -> Bool)?
        /// An ETag the caller kept (What's New keeps them on disk): sent as `If-None-Match`, and
        /// a 304 is handed back as it came, for the caller to use what it kept.
        var knownETag: String?
    }

    /// Sends a GET, follows redirects itself (credentials stay on the API origin), records the
    /// rate limit, answers 304 from the cache, and throws a typed error for anything but 2xx.
    func get(_ url: URL, policy: RequestPolicy) async throws(GitHubError) -> HTTPResponseData {
        var target = url
        let cached = policy.conditional ? cache.entry(for: url) : nil
        let etag = policy.knownETag ?? cached?.etag
        var lastRedirectStatus = 0
        for _ in 0...Self.maximumRedirects {
            if Task.isCancelled { throw .cancelled }
            let response = try await (policy.isAvatar ? avatarTransport : transport).send(request(for: target, policy: policy, etag: etag))
            // Only GitHub's API says what quota is left: an image host could otherwise claim the
            // search quota is spent for a day.
            if configuration.isAPIOrigin(target), let limit = RateLimit(headers: response.headers, fallbackResource: policy.resource) {
                rateLimits.record(limit)
            }
            if (300..<400).contains(response.status) && response.status != 304 {
                // Only the five statuses that name one new location are followed; any other 3xx,
                // or one without a usable Location, is reported with the status it really had.
                guard [301, 302, 303, 307, 308].contains(response.status), let location = response.headers["location"],
                      let next = URL(string: location, relativeTo: target)?.absoluteURL, next.scheme == "http" || next.scheme == "https" else {
                    throw .unusableRedirect(status: response.status)
                }
                // A README image goes only where it could have been fetched from directly, and
                // never from https down to http.
                if let mayFollow = policy.mayFollow, !mayFollow(next) || target.scheme == "https" && next.scheme == "http" {
                    throw .unusableRedirect(status: response.status)
                }
                logger.debug("following redirect", metadata: ["status": "\(response.status)", "host": "\(next.host ?? "?")"])
                lastRedirectStatus = response.status
                target = next
                continue
            }
            if response.status == 304, policy.knownETag != nil {
                return response
            }
            if response.status == 304, let cached {
                // A 304's headers may lack `Link`: the cached body's own paging then stands, so
                // a list is never cut short after its first page.
                var headers = response.headers
                if headers["link"] == nil, let link = cached.link { headers.append(link, for: "Link") }
                return HTTPResponseData(status: 200, headers: headers, body: cached.body)
            }
            guard (200..<300).contains(response.status) else {
                let error = GitHubResponseClassifier.error(for: response, resource: policy.resource)
                logger.debug("request failed", metadata: ["path": "\(target.path)", "status": "\(response.status)"])
                throw error
            }
            if policy.conditional, let etag = response.headers["etag"] {
                cache.store(.init(etag: etag, body: response.body, link: response.headers["link"]), for: url)
            }
            return response
        }
        throw .tooManyRedirects(lastStatus: lastRedirectStatus)
    }

    func request(for url: URL, policy: RequestPolicy, etag: String?) -> HTTPRequestData {
        var headers = [
            "Accept": policy.accept,
            "X-GitHub-Api-Version": GitHubConfiguration.apiVersion,
            "User-Agent": configuration.userAgent,
        ]
        if policy.sendsCredentials, let token = policy.token ?? credentials.token, configuration.isAPIOrigin(url) {
            headers["Authorization"] = "Bearer \(token)"
        }
        if let etag { headers["If-None-Match"] = etag }
        return HTTPRequestData(url: url, headers: headers, maximumBodyBytes: policy.maximumBodyBytes)
    }
}
