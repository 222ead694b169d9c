import CSecretSupport
import Foundation
import GitHubFinderCore

/// The token in the system keyring (Secret Service through libsecret), one item per API server.
/// Calls block on D-Bus; `Authenticator` makes them off the main thread.
public struct LibsecretTokenStore: TokenStore {
    /// The API server the token belongs to, e.g. `https://api.github.com`.
    public let server: String

    public init(server: URL) {
        self.server = server.absoluteString
    }

    public func load() throws(TokenStoreError) -> StoredToken? {
        var login: UnsafeMutablePointer<CChar>?
        var token: UnsafeMutablePointer<CChar>?
        var message: UnsafeMutablePointer<CChar>?
        let status = ghf_secret_lookup(server, &login, &token, &message)
        defer { g_free(login); g_free(token) }
        try Self.check(status, message)
        guard let token, let login else { return nil }
        return StoredToken(token: String(cString: token), login: String(cString: login))
    }

    public func save(_ token: StoredToken) throws(TokenStoreError) {
        var message: UnsafeMutablePointer<CChar>?
        try Self.check(ghf_secret_store(server, token.login, token.token, &message), message)
    }

    public func delete() throws(TokenStoreError) {
        var message: UnsafeMutablePointer<CChar>?
        try Self.check(ghf_secret_clear(server, &message), message)
    }

    private static func check(_ status: GhfSecretStatus, _ message: UnsafeMutablePointer<CChar>?) throws(TokenStoreError) {
        let text = message.map { String(cString: $0) } ?? "unknown error"
        g_free(message)
        switch status {
        case GHF_SECRET_OK: return
        case GHF_SECRET_UNAVAILABLE: throw .unavailable(text)
        default: throw .failed(text)
        }
    }
}
