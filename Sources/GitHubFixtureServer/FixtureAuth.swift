import Foundation
import Synchronization

/// How the double's device flow answers polls, set by a test (GitHub's codes, FACTS.md §11).
public struct DeviceFlowScript: Sendable, Equatable {
    public enum Outcome: Sendable, Equatable {
        /// The user approved: a token for `login` is issued.
        case approve(login: String)
        /// The user pressed Cancel: `access_denied`.
        case deny
        /// Nobody entered the code in time: `expired_token`.
        case expire
    }

    /// Polls answered `authorization_pending` (or `slow_down`) before the outcome.
    public var pendingPolls: Int
    /// Which polls (1-based) answer `slow_down` instead of `authorization_pending`.
    public var slowDownPolls: Set<Int>
    public var outcome: Outcome
    public var interval: Int
    public var expiresIn: Int

    public init(pendingPolls: Int = 2, slowDownPolls: Set<Int> = [], outcome: Outcome = .approve(login: "octocat"), interval: Int = 5, expiresIn: Int = 900) {
        self.pendingPolls = pendingPolls
        self.slowDownPolls = slowDownPolls
        self.outcome = outcome
        self.interval = interval
        self.expiresIn = expiresIn
    }
}

/// What a token stands for: whose it is and what it may do.
struct FixtureGrant: Sendable, Equatable {
    var login: String
    /// A classic token's or OAuth app token's scopes, sent back in `X-OAuth-Scopes`.
    var scopes: Set<String>
    /// A fine-grained personal access token (`github_pat_…`): permissions instead of scopes.
    var isFineGrained = false
    /// A fine-grained token's "Starring" user permission at write level.
    var canStar = false
    /// A fine-grained token's "Followers" user permission at write level.
    var canFollow = false

    /// Classic tokens need `public_repo` (or `repo`, which includes it) to star: "Also required
    /// for starring public repositories" (GitHub's scopes-for-oauth-apps page).
    var mayStar: Bool { isFineGrained ? canStar : !scopes.isDisjoint(with: ["public_repo", "repo"]) }
    /// Classic tokens need `user:follow` (or `user`, which includes it) to follow and unfollow
    /// (the same page: "Grants access to follow or unfollow other users").
    var mayFollow: Bool { isFineGrained ? canFollow : !scopes.isDisjoint(with: ["user", "user:follow"]) }
}

/// Tokens the double accepts, which user each stands for, and device-flow sessions.
final class FixtureAuth: Sendable {
    /// Accepted by every double, for demos: signs in as octocat, with `public_repo` and
    /// `user:follow` so demos can star and follow.
    static let demoToken = "ghp_demo_octocat"

    private struct State {
        var tokens: [String: FixtureGrant] = [FixtureAuth.demoToken: FixtureGrant(login: "octocat", scopes: ["public_repo", "user:follow"])]
        var expired: Set<String> = []
        var script = DeviceFlowScript()
        var polls: [String: Int] = [:]
        /// The `scope` each device flow asked for: what its token is granted on approval.
        var requestedScopes: [String: Set<String>] = [:]
        var issued = 0
    }

    private let state = Mutex(State())

    func issueToken(for login: String, scopes: Set<String> = ["public_repo"]) -> String {
        issue(FixtureGrant(login: login, scopes: scopes), prefix: "ghp_fixture")
    }

    func issueFineGrainedToken(for login: String, canStar: Bool, canFollow: Bool = false) -> String {
        issue(FixtureGrant(login: login, scopes: [], isFineGrained: true, canStar: canStar, canFollow: canFollow), prefix: "github_pat_fixture")
    }

    private func issue(_ grant: FixtureGrant, prefix: String) -> String {
        state.withLock { state in
            state.issued += 1
            let token = "\(prefix)\(state.issued)_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(20))"
            state.tokens[token] = grant
            return token
        }
    }

    func expire(_ token: String) { state.withLock { _ = $0.expired.insert(token) } }

    /// What a token stands for; nil for unknown or expired tokens.
    func grant(for token: String) -> FixtureGrant? {
        state.withLock { $0.expired.contains(token) ? nil : $0.tokens[token] }
    }

    var script: DeviceFlowScript {
        get { state.withLock { $0.script } }
        set { state.withLock { $0.script = newValue } }
    }

    func startDeviceFlow(scope: String) -> (deviceCode: String, userCode: String, script: DeviceFlowScript) {
        state.withLock { state in
            let deviceCode = (0..<40).map { _ in "0123456789abcdef".randomElement()! }.map(String.init).joined()
            state.polls[deviceCode] = 0
            state.requestedScopes[deviceCode] = Set(scope.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init))
            let letters = Array("BCDFGHJKLMNPQRSTVWXZ")
            let userCode = String((0..<4).map { _ in letters.randomElement()! }) + "-" + String((0..<4).map { _ in letters.randomElement()! })
            return (deviceCode, userCode, state.script)
        }
    }

    /// GitHub's poll answer for `deviceCode`: the token with the scopes it was granted (those the
    /// flow asked for), or an error code from FACTS.md §11.
    func poll(_ deviceCode: String) -> (token: String?, scopes: Set<String>, error: String?, interval: Int?) {
        let (count, script, scopes) = state.withLock { state -> (Int?, DeviceFlowScript, Set<String>) in
            guard let count = state.polls[deviceCode] else { return (nil, state.script, []) }
            state.polls[deviceCode] = count + 1
            return (count + 1, state.script, state.requestedScopes[deviceCode] ?? [])
        }
        guard let count else { return (nil, [], "incorrect_device_code", nil) }
        if count <= script.pendingPolls {
            return script.slowDownPolls.contains(count) ? (nil, [], "slow_down", script.interval + 5) : (nil, [], "authorization_pending", nil)
        }
        switch script.outcome {
        case .approve(let login): return (issueToken(for: login, scopes: scopes), scopes, nil, nil)
        case .deny: return (nil, [], "access_denied", nil)
        case .expire: return (nil, [], "expired_token", nil)
        }
    }
}
