import Foundation

/// A request as the client hands it to the transport.
public struct HTTPRequestData: Sendable, Hashable {
    public var url: URL
    public var method: String
    public var headers: [String: String]
    public var body: Data?
    /// The most of the answer's body to read: a longer one ends the request (an image host that
    /// sends 100 MB). Nil: no limit.
    public var maximumBodyBytes: Int?

    public init(url: URL, method: String = "GET", headers: [String: String] = [:], body: Data? = nil, maximumBodyBytes: Int? = nil) {
        self.url = url
        self.method = method
        self.headers = headers
        self.body = body
        self.maximumBodyBytes = maximumBodyBytes
    }
}

/// A response as the transport hands it back: status, headers (case-insensitive) and body.
public struct HTTPResponseData: Sendable, Hashable {
    public var status: Int
    public var headers: HTTPHeaderFields
    public var body: Data

    public init(status: Int, headers: HTTPHeaderFields, body: Data) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}

/// Response header fields with case-insensitive lookup; repeated names are joined with ", ".
public struct HTTPHeaderFields: Sendable, Hashable {
    private var storage: [String: String] = [:]

    public init(_ pairs: [(String, String)] = []) {
        for (name, value) in pairs { append(value, for: name) }
    }

    public subscript(name: String) -> String? { storage[name.lowercased()] }

    public mutating func append(_ value: String, for name: String) {
        let key = name.lowercased()
        storage[key] = storage[key].map { "\($0), \(value)" } ?? value
    }
}

/// Sends one HTTP request and returns the response without following redirects, so the client
/// decides where credentials go. Throws `GitHubError.offline` or `.cancelled` when no response
/// arrives. Task cancellation must end the request.
public protocol HTTPTransport: Sendable {
    func send(_ request: HTTPRequestData) async throws(GitHubError) -> HTTPResponseData
}
