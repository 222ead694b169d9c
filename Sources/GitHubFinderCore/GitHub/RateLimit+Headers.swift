import Foundation

extension RateLimit {
    /// Reads the `x-ratelimit-*` headers; nil when limit, remaining or reset is missing or not
    /// a number (secondary-limit responses may carry none of them). `fallbackResource` names
    /// the bucket for responses from before GitHub sent `x-ratelimit-resource`.
    public init?(headers: HTTPHeaderFields, fallbackResource: String) {
        guard
            let limit = headers["x-ratelimit-limit"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            let remaining = headers["x-ratelimit-remaining"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }),
            let reset = headers["x-ratelimit-reset"].flatMap({ TimeInterval($0.trimmingCharacters(in: .whitespaces)) })
        else { return nil }
        self.init(
            resource: headers["x-ratelimit-resource"] ?? fallbackResource,
            limit: limit,
            remaining: remaining,
            used: headers["x-ratelimit-used"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) },
            resetsAt: Date(timeIntervalSince1970: reset)
        )
    }
}
