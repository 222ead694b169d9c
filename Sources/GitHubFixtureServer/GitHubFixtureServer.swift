import FlyingFox
import Foundation

/// A local, faithful stand-in for api.github.com, serving the deterministic data set over real
/// HTTP on loopback. Tests start one per test on a free port; `github-fixture-server` runs one
/// for demos and end-to-end tests.
public final class GitHubFixtureServer: Sendable {
    private let server: HTTPServer
    private let state: FixtureState
    private let auth: FixtureAuth
    private let stars: FixtureStars
    private let follows: FixtureFollows
    private let news: FixtureNews
    private let data: FixtureDataSet
    private let runTask: Task<Void, any Error>

    /// The root URL clients use as their API base, e.g. `http://127.0.0.1:53412`.
    public let baseURL: URL

    /// Starts listening on 127.0.0.1. `port` 0 picks a free one. `data` is `.standard`, or
    /// `.enterprise` for a second server whose ids collide with it. `searchLimit`/`coreLimit`
    /// override GitHub's per-window request limits (search per minute, core per hour).
    public init(port: UInt16 = 0, data: FixtureDataSet = .standard, searchLimit: Int? = nil, coreLimit: Int? = nil, logsRequests: Bool = false) async throws {
        let state = FixtureState(searchLimit: searchLimit, coreLimit: coreLimit)
        let auth = FixtureAuth()
        let stars = FixtureStars()
        let follows = FixtureFollows(data: data)
        let news = FixtureNews()
        let server = HTTPServer(
            address: try .inet(ip4: "127.0.0.1", port: port),
            timeout: 30,
            logger: logsRequests ? .print(category: "GitHubDouble") : .disabled,
            handler: FixtureRouter(data: data, state: state, auth: auth, stars: stars, follows: follows, news: news)
        )
        let runTask = Task { try await server.run() }
        try await server.waitUntilListening(timeout: 10)
        guard case .ip4(_, let boundPort) = await server.listeningAddress else {
            runTask.cancel()
            throw FixtureServerError.notListening
        }
        self.server = server
        self.state = state
        self.auth = auth
        self.stars = stars
        self.follows = follows
        self.news = news
        self.data = data
        self.runTask = runTask
        self.baseURL = URL(string: "http://127.0.0.1:\(boundPort)")!
    }

    /// Stops listening and closes open connections.
    public func stop() async {
        await server.stop(timeout: 1)
        runTask.cancel()
    }

    /// Waits until the server stops (for the executable).
    public func waitUntilStopped() async {
        _ = await runTask.result
    }

    // MARK: Control

    /// Switches a fault on for the next matching requests.
    public func inject(_ fault: FixtureFault) { state.inject(fault) }
    /// Switches every fault off.
    public func clearFaults() { state.clearFaults() }
    /// Makes the search (or `core`) bucket look spent until its reset time.
    public func exhaustRateLimit(_ resource: String = "search", authenticated: Bool = false) {
        state.exhaust(resource, authenticated: authenticated)
    }

    // MARK: Accounts

    /// A classic personal access token the double accepts as `login`, with `scopes` (sent back
    /// in `X-OAuth-Scopes`). Starring needs `public_repo` or `repo`; following needs `user:follow`
    /// or `user`.
    public func issueToken(for login: String, scopes: Set<String> = ["public_repo"]) -> String {
        auth.issueToken(for: login, scopes: scopes)
    }
    /// A fine-grained personal access token (`github_pat_…`) for `login`; without `canStar`
    /// (the Starring permission) starring gets 403, without `canFollow` (Followers) following does.
    public func issueFineGrainedToken(for login: String, canStar: Bool, canFollow: Bool = false) -> String {
        auth.issueFineGrainedToken(for: login, canStar: canStar, canFollow: canFollow)
    }
    /// Makes a token expire (or be revoked): every request with it now gets 401.
    public func expireToken(_ token: String) { auth.expire(token) }
    /// Accepted by every double for demos: `ghp_demo_octocat` signs in as octocat, and may star
    /// and follow.
    public static let demoToken = FixtureAuth.demoToken
    /// How the device flow answers the next sign-ins.
    public var deviceFlowScript: DeviceFlowScript {
        get { auth.script }
        set { auth.script = newValue }
    }

    // MARK: Follows

    /// Makes `login` follow exactly the data set's first `count` accounts it can follow (itself
    /// and bots left out), the first one the oldest follow, forgetting whom it followed before:
    /// for a benchmark of importing thousands of follows. The standard data set has 5,196 for
    /// octocat. Throws `unknownAccount` or `tooFewAccounts`.
    public func setFollowing(of login: String, count: Int) throws(FixtureServerError) {
        try follows.setFollowing(of: login, count: count)
    }
    /// Makes `login` follow each of `logins` in turn, as `PUT /user/following/{username}` would.
    /// Throws `unknownAccount`.
    public func follow(_ logins: [String], by login: String) throws(FixtureServerError) {
        try follows.follow(logins, by: login)
    }
    /// Whom `login` follows now, oldest follow first.
    public func following(of login: String) -> [String] { follows.followedLogins(of: login) }

    // MARK: News

    /// Publishes a release of `repository` (`owner/name`) now: `GET …/releases` lists it first
    /// and `…/releases/latest` answers it. Throws `unknownRepository`.
    @discardableResult
    public func publishRelease(of repository: String, tag: String, name: String? = nil, body: String? = nil) throws(FixtureServerError) -> Int64 {
        let parts = repository.split(separator: "/").map(String.init)
        guard parts.count == 2, let repo = data.repository(owner: parts[0], name: parts[1]) ?? news.repository(owner: parts[0], name: parts[1]) else {
            throw .unknownRepository(repository)
        }
        return news.publishRelease(to: repo.id, tag: tag, name: name, body: body).id
    }

    /// Creates a public repository `name` of `login` now: it is the first of
    /// `GET /users/{login}/repos?sort=created`. Throws `unknownAccount`, or `unknownRepository`
    /// when `login` already has a repository of that name.
    public func createRepository(named name: String, of login: String, description: String? = nil) throws(FixtureServerError) {
        guard let owner = data.user(login: login) else { throw .unknownAccount(login) }
        guard news.createRepository(named: name, description: description, owner: owner, exists: data.repository(owner: login, name: name) != nil) != nil else {
            throw .unknownRepository("\(login)/\(name)")
        }
    }

    // MARK: Observation

    /// The repositories `login` starred through the double, as `owner/name`, oldest first.
    public func starredRepositories(of login: String) -> [String] {
        stars.stars(of: login).compactMap { data.fullName(ofRepository: $0.repositoryID) }
    }

    /// How many requests reached `route`, whatever the answer was.
    public func requestCount(_ route: FixtureRoute) -> Int { state.count(route) }
    /// Every request received, oldest first (the last 20,000).
    public var receivedRequests: [ReceivedRequest] { state.received }
    /// Requests counted against `resource`'s current window (304s are not counted, as on GitHub).
    public func quotaUsed(_ resource: String, authenticated: Bool = false) -> Int {
        state.bucket(resource, authenticated: authenticated).used
    }
    /// When the current window of `resource` resets.
    public func quotaResetsAt(_ resource: String, authenticated: Bool = false) -> Date {
        state.bucket(resource, authenticated: authenticated).resetsAt
    }
}

public enum FixtureServerError: Error, Equatable {
    case notListening
    /// No account of the data set has this login.
    case unknownAccount(String)
    /// Fewer accounts than asked for can be followed.
    case tooFewAccounts(available: Int)
    /// No repository has this `owner/name`, or (creating one) one already has.
    case unknownRepository(String)
}
