import Foundation

/// Everything that can go wrong talking to GitHub, with what the UI needs to explain it.
public enum GitHubError: Error, Equatable, Sendable {
    /// No connection, connection refused or lost, DNS failure, or no answer in time.
    case offline(OfflineReason)
    /// The primary rate limit is spent until `resetsAt`; `resource` names the bucket.
    case rateLimited(resetsAt: Date, resource: String)
    /// A secondary ("abuse") limit: wait `retryAfter` seconds (nil: GitHub gave no figure).
    case secondaryRateLimited(retryAfter: Int?)
    /// HTTP 422: GitHub's own message (e.g. "Only the first 1000 search results are available")
    /// and the per-field details it listed.
    case validationFailed(message: String, details: [String])
    /// HTTP 401: the token is missing, wrong, revoked or expired.
    case unauthorized(message: String)
    /// HTTP 403 that is not a rate limit.
    case forbidden(message: String)
    /// HTTP 404.
    case notFound
    /// HTTP 5xx.
    case serverError(status: Int)
    /// Any other unexpected HTTP status (400, 410 Gone for a retired API version, a 304 with
    /// nothing cached…).
    case unexpectedStatus(Int, message: String?)
    /// Redirects went on past the client's limit; `lastStatus` is the last 3xx received.
    case tooManyRedirects(lastStatus: Int)
    /// A 3xx that cannot be followed: no `Location`, an unparsable one, or a status (300, 305…)
    /// that names no single place to go. `status` is the 3xx received.
    case unusableRedirect(status: Int)
    /// The body was not what the endpoint returns: truncated, HTML, wrong JSON. Says what failed.
    case undecodable(String)
    /// The caller cancelled (a newer search replaced this one).
    case cancelled

    /// Why a request never got an HTTP answer.
    public enum OfflineReason: Equatable, Sendable {
        case notConnected
        case cannotConnect
        case timedOut
        case connectionLost
        case other(String)
    }
}

extension GitHubError: LocalizedError {
    /// A sentence fit for a toast or an error page. Never contains a token or a request header.
    public var errorDescription: String? {
        switch self {
        case .offline(.timedOut): "GitHub did not answer in time."
        case .offline: "Can't reach GitHub. Check your connection."
        case .rateLimited(let reset, _): "GitHub's rate limit is reached until \(reset.formatted(date: .omitted, time: .shortened))."
        case .secondaryRateLimited(let seconds?): "GitHub asks to slow down. Try again in \(seconds) seconds."
        case .secondaryRateLimited(nil): "GitHub asks to slow down. Try again in a minute."
        case .validationFailed(let message, let details): ([message] + details).joined(separator: ": ")
        case .unauthorized: "GitHub did not accept the credentials. Sign in again."
        case .forbidden(let message): "GitHub refused the request: \(message)"
        case .notFound: "Not found on GitHub."
        case .serverError(let status): "GitHub had a problem (HTTP \(status)). Try again."
        case .unexpectedStatus(let status, let message): "Unexpected answer from GitHub (HTTP \(status))\(message.map { ": \($0)" } ?? "")."
        case .tooManyRedirects(let status): "GitHub kept redirecting the request (the last answer was HTTP \(status)); it was stopped."
        case .unusableRedirect(let status): "GitHub answered with a redirect (HTTP \(status)) that leads nowhere usable."
        case .undecodable(let what): "GitHub sent a response that could not be read (\(what))."
        case .cancelled: "Cancelled."
        }
    }
}
