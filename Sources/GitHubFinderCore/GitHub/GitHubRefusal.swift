import Foundation

/// GitHub's answer to a change it would not make (a star, say): its status, its own message, and
/// what the token would have needed, as the response headers tell it.
public struct GitHubRefusal: Equatable, Sendable {
    /// 403 or 404: GitHub answers 404 rather than 403 when a classic token lacks a scope.
    public var status: Int
    /// GitHub's own message, in English ("Not Found", "Resource not accessible by personal
    /// access token").
    public var message: String
    /// The scopes that would allow the change (`X-Accepted-OAuth-Scopes`), any one of them.
    public var acceptedScopes: [String]
    /// The scopes the token has (`X-OAuth-Scopes`); nil when the answer names none, as for a
    /// fine-grained token.
    public var tokenScopes: [String]?
    /// The fine-grained permissions that would allow it (`X-Accepted-GitHub-Permissions`, e.g.
    /// "starring=write").
    public var acceptedPermissions: [String]

    public init(status: Int, message: String, acceptedScopes: [String] = [], tokenScopes: [String]? = nil, acceptedPermissions: [String] = []) {
        self.status = status
        self.message = message
        self.acceptedScopes = acceptedScopes
        self.tokenScopes = tokenScopes
        self.acceptedPermissions = acceptedPermissions
    }

    /// Read from a response's headers; `message` comes from its body.
    init(status: Int, message: String, headers: HTTPHeaderFields) {
        self.init(status: status, message: message, acceptedScopes: Self.list(headers["x-accepted-oauth-scopes"]),
                  tokenScopes: headers["x-oauth-scopes"].map(Self.list), acceptedPermissions: Self.list(headers["x-accepted-github-permissions"]))
    }

    /// The first accepted scope the token lacks, when the answer says which scopes it has and
    /// none of them is accepted (nil: a missing scope is not what stopped it).
    public var missingScope: String? {
        guard let tokenScopes, !acceptedScopes.isEmpty, Set(tokenScopes).isDisjoint(with: acceptedScopes) else { return nil }
        return acceptedScopes.first
    }

    private static func list(_ value: String?) -> [String] {
        (value ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    }
}
