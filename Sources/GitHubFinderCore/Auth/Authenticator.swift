import Foundation
import Logging
import Observation

/// Who is signed in, and where the token comes from: the environment (`GH_TOKEN`, then
/// `GITHUB_TOKEN`) wins, then the keyring, then none. Sign-in keeps the token in the keyring;
/// with no keyring it lasts for this session and says so.
@MainActor @Observable
public final class Authenticator {
    public enum Source: Equatable, Sendable {
        case environment
        case keyring
        /// Kept in memory only: no keyring was available.
        case session
    }

    public struct Account: Equatable, Sendable {
        /// Nil while an environment token has not been checked yet.
        public var login: String?
        public var avatarURL: URL?
        public var source: Source
    }

    public private(set) var account: Account?
    /// Why the token is not in the keyring (no Secret Service…), in words; nil when it is.
    public private(set) var keyringProblem: String?

    @ObservationIgnored private let credentials: Credentials
    @ObservationIgnored private let tokenStore: any TokenStore
    @ObservationIgnored private let api: any GitHubAPI
    @ObservationIgnored private let environmentToken: String?
    @ObservationIgnored private let logger = Logger(label: "GitHubFinder.Authenticator")

    public init(credentials: Credentials, tokenStore: any TokenStore, api: any GitHubAPI, environmentToken: String?) {
        self.credentials = credentials
        self.tokenStore = tokenStore
        self.api = api
        self.environmentToken = environmentToken.flatMap { $0.isEmpty ? nil : $0 }
        if self.environmentToken != nil {
            account = Account(login: nil, source: .environment)
        }
    }

    /// The token source chain at start-up: environment, then keyring, then none.
    public func restore() async {
        if let environmentToken {
            credentials.token = environmentToken
            if let profile = try? await api.authenticatedUser(token: environmentToken) {
                account = Account(login: profile.login, avatarURL: profile.avatarURL, source: .environment)
            }
            return
        }
        let store = tokenStore
        let loaded = await Task.detached { Result(catching: { () throws(TokenStoreError) in try store.load() }) }.value
        switch loaded {
        case .success(let stored?):
            credentials.token = stored.token
            account = Account(login: stored.login, source: .keyring)
            // The keyring keeps the login, not the avatar: `GET /user` gives it (and a login
            // renamed since) without holding up the start. Offline, or refused, the initials stay.
            Task { [api] in
                guard let profile = try? await api.authenticatedUser(token: stored.token),
                      credentials.token == stored.token, account?.source == .keyring else { return }
                account = Account(login: profile.login, avatarURL: profile.avatarURL, source: .keyring)
            }
        case .success(nil):
            break
        case .failure(let error):
            keyringProblem = Self.describe(error)
            logger.notice("keyring unavailable at start-up", metadata: ["reason": "\(keyringProblem ?? "")"])
        }
    }

    /// Checks a candidate token with `GET /user` (it is not kept yet).
    public func validate(_ token: String) async throws(GitHubError) -> UserProfile {
        try await api.authenticatedUser(token: token.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Keeps a validated token: in the keyring, or for this session when there is none.
    public func signIn(token: String, profile: UserProfile) async {
        let token = token.trimmingCharacters(in: .whitespacesAndNewlines)
        credentials.token = token
        let store = tokenStore
        let stored = StoredToken(token: token, login: profile.login)
        let saved = await Task.detached { Result(catching: { () throws(TokenStoreError) in try store.save(stored) }) }.value
        switch saved {
        case .success:
            keyringProblem = nil
            account = Account(login: profile.login, avatarURL: profile.avatarURL, source: .keyring)
        case .failure(let error):
            keyringProblem = Self.describe(error)
            account = Account(login: profile.login, avatarURL: profile.avatarURL, source: .session)
        }
    }

    /// Forgets the token here and in the keyring. An environment token cannot be signed out.
    public func signOut() async {
        guard account?.source != .environment else { return }
        await forget()
    }

    /// GitHub answered 401: the token is dropped everywhere, so sign-in can replace it.
    public func tokenRejected() async {
        await forget()
    }

    public var canSignOut: Bool { account != nil && account?.source != .environment }

    private func forget() async {
        credentials.token = nil
        account = nil
        let store = tokenStore
        _ = await Task.detached { Result(catching: { () throws(TokenStoreError) in try store.delete() }) }.value
    }

    static func describe(_ error: TokenStoreError) -> String {
        switch error {
        case .unavailable(let reason): // TRANSLATORS: {reason} is the keyring's own explanation, in English.
            tr("No keyring (Secret Service) is available, so you stay signed in only until you quit. ({reason})", ["reason": reason])
        case .failed(let reason): // TRANSLATORS: {reason} is the keyring's own explanation, in English.
            tr("The keyring refused to keep the token, so you stay signed in only until you quit. ({reason})", ["reason": reason])
        }
    }
}
