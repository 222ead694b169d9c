import Foundation
import Synchronization

/// GNOME Shell's search asking GitHub for people, when the user turned it on in Preferences:
/// after a pause in typing (a newer call supersedes an older one, which asks nothing), for
/// queries of three characters or more, five people at most, within two seconds, and never
/// while this client's search bucket is spent or GitHub said to wait, nor for anything that
/// looks like a token. What it found is kept for the metas and the activation of its results
/// (`github:<id>:<login>`).
public final class ShellGitHubSearch: Sendable {
    public static let pause: Duration = .milliseconds(350)
    public static let timeout: Duration = .seconds(2)
    public static let minimumLength = 3
    public static let limit = 5

    private struct State {
        var generation = 0
        var notBefore: Date?
        var people: [String: User] = [:]
        /// The client of the server in use, made again when Preferences chose another.
        var client: (server: URL, api: any GitHubAPI)?
    }

    private let server: @Sendable () -> URL
    private let makeAPI: @Sendable (URL) -> any GitHubAPI
    private let now: @Sendable () -> Date
    private let pause: Duration
    private let timeout: Duration
    private let state = Mutex(State())

    /// `server`: the API in use now; `makeAPI` makes a client for one.
    public init(server: @escaping @Sendable () -> URL, makeAPI: @escaping @Sendable (URL) -> any GitHubAPI, pause: Duration = ShellGitHubSearch.pause,
                timeout: Duration = ShellGitHubSearch.timeout, now: @escaping @Sendable () -> Date = Date.init) {
        self.server = server
        self.makeAPI = makeAPI
        self.pause = pause
        self.timeout = timeout
        self.now = now
    }

    private var api: any GitHubAPI {
        let server = server()
        return state.withLock { state in
            if let client = state.client, client.server == server { return client.api }
            let api = makeAPI(server)
            state.client = (server, api)
            state.notBefore = nil
            return api
        }
    }

    /// The result id of a person GitHub found.
    public static func id(_ user: User) -> String { "github:\(user.id):\(user.login)" }

    /// What GitHub finds for `terms`, best first; empty when the call was superseded by a newer
    /// one during the pause, the query is too short, GitHub asks to wait, or it failed.
    public func people(for terms: [String]) async -> [User] {
        let text = terms.joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
        let generation = state.withLock { state -> Int in
            state.generation += 1
            return state.generation
        }
        let api = api
        // What looks like a token (pasted in the overview by mistake) is never sent.
        guard text.count >= Self.minimumLength, SearchHistory.isKept(text), let query = SearchQuery(text), isAllowed(api) else { return [] }
        try? await Task.sleep(for: pause)
        guard state.withLock({ $0.generation == generation }) else { return [] }
        // At the deadline the Shell gets its answer, whenever the cancelled request ends.
        let found: Result<[User], GitHubError>? = await value(within: timeout) {
            await Result { () async throws(GitHubError) in
                Array(try await api.searchUsers(UserSearchRequest(query: query, perPage: Self.limit)).users.prefix(Self.limit))
            }
        }
        switch found {
        case .success(let users)?:
            state.withLock { state in for user in users { state.people[Self.id(user)] = user } }
            return users
        case .failure(.rateLimited(let resetsAt, _))?:
            state.withLock { $0.notBefore = resetsAt }
        case .failure(.secondaryRateLimited(let seconds))?:
            let until = now().addingTimeInterval(TimeInterval(seconds ?? 60))
            state.withLock { $0.notBefore = until }
        default:
            break
        }
        return []
    }

    /// False while GitHub said to wait, or the search bucket is down to its last request (left
    /// for the window's own searches).
    private func isAllowed(_ api: any GitHubAPI) -> Bool {
        let now = now()
        if let notBefore = state.withLock({ $0.notBefore }), notBefore > now { return false }
        if let bucket = api.rateLimits.bucket("search"), bucket.remaining <= 1, bucket.resetsAt > now { return false }
        return true
    }

    /// The person behind a result id this search gave.
    public func person(_ id: String) -> User? {
        state.withLock { $0.people[id] }
    }

    /// "octocat", "On GitHub · Organization".
    public func meta(_ id: String) -> ShellSearchMeta? {
        guard let user = person(id) else { return nil }
        var parts = [tr("On GitHub")]
        switch user.type {
        case .organization: parts.append(tr("Organization"))
        case .bot: parts.append(tr("Bot"))
        case .user: break
        }
        return ShellSearchMeta(id: id, name: user.login, description: parts.joined(separator: " · "))
    }
}
