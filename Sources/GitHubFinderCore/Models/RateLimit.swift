import Foundation

/// A rate-limit bucket as reported by the `x-ratelimit-*` headers or `GET /rate_limit`.
public struct RateLimit: Sendable, Hashable {
    /// GitHub's bucket name: `core`, `search`, `code_search`, `graphql`… Older responses omit
    /// it; the client then infers it from the route.
    public var resource: String
    public var limit: Int
    public var remaining: Int
    public var used: Int?
    /// When the bucket refills (from the UTC epoch seconds in `x-ratelimit-reset`).
    public var resetsAt: Date

    public init(resource: String, limit: Int, remaining: Int, used: Int?, resetsAt: Date) {
        self.resource = resource
        self.limit = limit
        self.remaining = remaining
        self.used = used
        self.resetsAt = resetsAt
    }

    public var isExhausted: Bool { remaining <= 0 }
}
