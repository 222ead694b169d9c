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

/// Tokens the double accepts, which user each stands for, and device-flow sessions.
final class FixtureAuth: Sendable {
    /// Accepted by every double, for demos: signs in as octocat.
    static let demoToken = "ghp_demo_octocat"

    private struct State {
        var tokens: [String: String] = [FixtureAuth.demoToken: "octocat"]
        var expired: Set<String> = []
        var script = DeviceFlowScript()
        var polls: [String: Int] = [:]
        var issued = 0
    }

    private let state = Mutex(State())

    func issueToken(for login: String) -> String {
        state.withLock { state in
            state.issued += 1
            let token = "ghp_fixture\(state.issued)_\(UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(20))"
            state.tokens[token] = login
            return token
        }
    }

    func expire(_ token: String) { state.withLock { _ = $0.expired.insert(token) } }

    /// The login a token stands for; nil for unknown or expired tokens.
    func login(for token: String) -> String? {
        state.withLock { $0.expired.contains(token) ? nil : $0.tokens[token] }
    }

    var script: DeviceFlowScript {
        get { state.withLock { $0.script } }
        set { state.withLock { $0.script = newValue } }
    }

    func startDeviceFlow() -> (deviceCode: String, userCode: String, script: DeviceFlowScript) {
        state.withLock { state in
            let deviceCode = (0..<40).map { _ in "0123456789abcdef".randomElement()! }.map(String.init).joined()
            state.polls[deviceCode] = 0
            let letters = Array("BCDFGHJKLMNPQRSTVWXZ")
            let userCode = String((0..<4).map { _ in letters.randomElement()! }) + "-" + String((0..<4).map { _ in letters.randomElement()! })
            return (deviceCode, userCode, state.script)
        }
    }

    /// GitHub's poll answer for `deviceCode`: the token, or an error code from FACTS.md §11.
    func poll(_ deviceCode: String) -> (token: String?, error: String?, interval: Int?) {
        let (count, script) = state.withLock { state -> (Int?, DeviceFlowScript) in
            guard let count = state.polls[deviceCode] else { return (nil, state.script) }
            state.polls[deviceCode] = count + 1
            return (count + 1, state.script)
        }
        guard let count else { return (nil, "incorrect_device_code", nil) }
        if count <= script.pendingPolls {
            return script.slowDownPolls.contains(count) ? (nil, "slow_down", script.interval + 5) : (nil, "authorization_pending", nil)
        }
        switch script.outcome {
        case .approve(let login): return (issueToken(for: login), nil, nil)
        case .deny: return (nil, "access_denied", nil)
        case .expire: return (nil, "expired_token", nil)
        }
    }
}
