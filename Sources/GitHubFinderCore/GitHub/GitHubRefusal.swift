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

    /// The accepted scope the token lacks, when the answer says which scopes it has and none of
    /// them is accepted (nil: a missing scope is not what stopped it): the narrowest one, which
    /// is what a user should grant (`user:follow`, not all of `user`).
    public var missingScope: String? {
        guard let tokenScopes, !acceptedScopes.isEmpty, Set(tokenScopes).isDisjoint(with: acceptedScopes) else { return nil }
        return acceptedScopes.first { Self.narrowScopes.contains($0) } ?? acceptedScopes.first
    }

    /// Scopes that grant one thing, preferred over the broad ones that include them.
    private static let narrowScopes: Set<String> = ["public_repo", "user:follow"]

    private static func list(_ value: String?) -> [String] {
        (value ?? "").split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init)
    }
}

extension GitHubError {
    /// GitHub answered and would not make the change (as opposed to not being reached).
    var isRefusal: Bool {
        switch self {
        case .refused, .forbidden, .notFound, .validationFailed, .unexpectedStatus: true
        default: false
        }
    }

    /// GitHub's own words for a change it refused (a star, a follow), for a toast.
    var refusalReason: String {
        switch self {
        case .refused(let refusal): refusal.message
        case .forbidden(let message): message
        case .notFound: "Not Found"
        case .validationFailed(let message, let details): ([message] + details).joined(separator: ": ")
        case .unexpectedStatus(let status, let message): message ?? "HTTP \(status)"
        default: localizedDescription
        }
    }
}
