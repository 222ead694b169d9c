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
    /// HTTP 403 (not a rate limit) or 404 answering a change (star, unstar): GitHub would not
    /// make it, and said why.
    case refused(GitHubRefusal)
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
        case .offline(.timedOut): tr("GitHub did not answer in time.")
        case .offline: tr("Can't reach GitHub. Check your connection.")
        case .rateLimited(let reset, _): tr("GitHub's rate limit is reached until {time}.", ["time": Localization.time(reset)])
        case .secondaryRateLimited(let seconds?): trn("GitHub asks to slow down. Try again in {count} second.", "GitHub asks to slow down. Try again in {count} seconds.", seconds)
        case .secondaryRateLimited(nil): tr("GitHub asks to slow down. Try again in a minute.")
        case .validationFailed(let message, let details): ([message] + details).joined(separator: ": ")
        case .unauthorized: tr("GitHub did not accept the credentials. Sign in again.")
        case .forbidden(let message): // TRANSLATORS: {reason} is GitHub's own message, in English.
            tr("GitHub refused the request: {reason}", ["reason": message])
        case .notFound: tr("Not found on GitHub.")
        case .refused(let refusal): // TRANSLATORS: {reason} is GitHub's own message, in English.
            tr("GitHub refused the change: {reason}", ["reason": refusal.message])
        case .serverError(let status): tr("GitHub had a problem (HTTP {status}). Try again.", ["status": String(status)])
        case .unexpectedStatus(let status, let message): message.map { tr("Unexpected answer from GitHub (HTTP {status}): {reason}.", ["status": String(status), "reason": $0]) }
            ?? tr("Unexpected answer from GitHub (HTTP {status}).", ["status": String(status)])
        case .tooManyRedirects(let status): tr("GitHub kept redirecting the request (the last answer was HTTP {status}); it was stopped.", ["status": String(status)])
        case .unusableRedirect(let status): tr("GitHub answered with a redirect (HTTP {status}) that leads nowhere usable.", ["status": String(status)])
        case .undecodable(let what): // TRANSLATORS: {detail} is a technical detail, in English.
            tr("GitHub sent a response that could not be read ({detail}).", ["detail": what])
        case .cancelled: tr("Cancelled.")
        }
    }
}
