import Foundation

/// A fault a test switches on: the next matching requests misbehave the way real networks and
/// GitHub do. `remaining` counts how many requests it affects (nil: until cleared).
public struct FixtureFault: Sendable, Codable, Equatable {
    public enum Kind: String, Sendable, Codable {
        /// Answer after `milliseconds`, then normally.
        case latency
        /// Answer `status` (5xx) with a JSON error body.
        case serverError
        /// Answer 200 with the first half of the real body (Content-Length matches what is sent).
        case truncatedBody
        /// Answer `status` (default 200) with an HTML page, like a captive portal or proxy.
        case htmlBody
        /// Answer 403 with `x-ratelimit-remaining: 0`, as when the primary limit is spent.
        case primaryLimitExhausted
        /// Answer 403 "secondary rate limit" with `retry-after: retryAfter`.
        case secondaryLimit
        /// Answer 302 to the same path and query under `redirectBase` (another origin, say).
        case redirect
        /// Serve normally, but a 304 comes with the reduced header set GitHub may send (ETag and
        /// rate limits; no `Link`). A 200 is unchanged, and only a 304 counts against `remaining`.
        case reducedNotModified
    }

    public var kind: Kind
    /// Which route it hits; nil: every API route.
    public var route: FixtureRoute?
    public var status: Int?
    public var milliseconds: Int?
    public var retryAfter: Int?
    public var redirectBase: String?
    public var remaining: Int?

    public init(_ kind: Kind, route: FixtureRoute? = nil, status: Int? = nil, milliseconds: Int? = nil, retryAfter: Int? = nil, redirectBase: String? = nil, remaining: Int? = nil) {
        self.kind = kind
        self.route = route
        self.status = status
        self.milliseconds = milliseconds
        self.retryAfter = retryAfter
        self.redirectBase = redirectBase
        self.remaining = remaining
    }

    func applies(to route: FixtureRoute) -> Bool {
        route != .control && (self.route == nil || self.route == route)
    }
}

/// What the double received, for assertions (e.g. that no token reached the avatar route).
public struct ReceivedRequest: Sendable, Equatable {
    public var route: FixtureRoute
    /// Path and query exactly as sent (still percent-encoded).
    public var target: String
    /// Header values by lowercased name.
    public var headers: [String: String]

    /// The decoded value of one query parameter (`+` read as a space, as GitHub does).
    public func queryValue(_ name: String) -> String? {
        FixtureQuery.parse(target.split(separator: "?", maxSplits: 1).dropFirst().first.map(String.init) ?? "")[name]
    }
}

/// Form-style query parsing: `+` is a space, then percent-decoding; later duplicates are ignored.
enum FixtureQuery {
    static func parse(_ raw: String) -> [String: String] {
        var values: [String: String] = [:]
        for pair in raw.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
            let name = decode(parts[0])
            if values[name] == nil { values[name] = parts.count > 1 ? decode(parts[1]) : "" }
        }
        return values
    }

    static func decode(_ text: String) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }

    /// Encodes like GitHub's own Link URLs: spaces become `+`, reserved characters `%XX`.
    static func encode(_ text: String) -> String {
        let allowed = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~ ")
        return (text.addingPercentEncoding(withAllowedCharacters: allowed) ?? text).replacingOccurrences(of: " ", with: "+")
    }
}
