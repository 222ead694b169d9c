import Foundation

/// The answer to a request revalidated with an ETag the caller kept: `.unchanged` for a 304,
/// which costs none of the quota.
public enum Revalidated<Value: Sendable>: Sendable {
    case unchanged
    case changed(Value, etag: String?)
}

/// A repository as a person's list of their newest repositories gives it, with when it was made.
public struct CreatedRepository: Sendable, Hashable {
    public var repository: Repository
    public var createdAt: Date?

    public init(_ repository: Repository, createdAt: Date?) {
        self.repository = repository
        self.createdAt = createdAt
    }
}

extension GitHubClient {
    /// How many of the newest releases or repositories What's New reads per favorite: one
    /// page, small enough to be cheap, enough for a day of several releases.
    static let newsPageSize = 5

    public func recentReleases(owner: String, name: String, etag: String?) async throws(GitHubError) -> Revalidated<[Release]> {
        let url = GitHubEndpoint.releases(owner: owner, name: name, perPage: Self.newsPageSize, base: configuration.baseURL)
        let response = try await get(url, policy: .init(resource: "core", knownETag: etag))
        guard response.status != 304 else { return .unchanged }
        return .changed(try GitHubDecoding.releases(from: response.body), etag: response.headers["etag"])
    }

    public func recentRepositories(login: String, etag: String?) async throws(GitHubError) -> Revalidated<[CreatedRepository]> {
        let url = GitHubEndpoint.createdRepositories(login, perPage: Self.newsPageSize, base: configuration.baseURL)
        let response = try await get(url, policy: .init(resource: "core", knownETag: etag))
        guard response.status != 304 else { return .unchanged }
        return .changed(try GitHubDecoding.createdRepositories(from: response.body), etag: response.headers["etag"])
    }
}

extension GitHubDecoding {
    /// A `/repos/{owner}/{repo}/releases` body to its releases, in GitHub's order (newest
    /// first). A release without a tag (a draft seen with push access) is left out: What's New
    /// only adds entries from this list, it never removes anything for what it lacks.
    public static func releases(from body: Data) throws(GitHubError) -> [Release] {
        let elements = try GitHubResponseClassifier.decode([LenientElement<ReleaseDTO>].self, from: body, what: "releases")
        return elements.compactMap { $0.value.flatMap { $0.draft == true ? nil : DTOMapping.release($0) } }
    }

    /// A `/users/{login}/repos?sort=created` body to its repositories with their creation dates.
    public static func createdRepositories(from body: Data) throws(GitHubError) -> [CreatedRepository] {
        let elements = try GitHubResponseClassifier.decode([LenientElement<CreatedRepositoryDTO>].self, from: body, what: "repositories")
        return elements.compactMap { element in
            element.value.flatMap { dto in DTOMapping.repository(dto.base).map { CreatedRepository($0, createdAt: DTOMapping.date(dto.created_at)) } }
        }
    }
}

/// A repository list item with its `created_at`, decoded from the same object as `base`.
struct CreatedRepositoryDTO: Decodable, Sendable {
    private struct Dates: Decodable {
        var created_at: String?
    }

    var base: RepositoryDTO
    var created_at: String?

    init(from decoder: any Decoder) throws {
        base = try RepositoryDTO(from: decoder)
        created_at = try Dates(from: decoder).created_at
    }
}

/// What What's New asks of GitHub: each favorite's newest releases or repositories, revalidated
/// with the ETag of the last answer, so a check where nothing changed costs no quota.
/// Part of `GitHubAPI`; the checker asks only for this, so its unit tests fake only this.
public protocol NewsAPI: Sendable {
    /// Rate-limit buckets as reported by the latest responses.
    var rateLimits: RateLimitMonitor { get }
    /// A repository's five newest releases (`GET /repos/{owner}/{repo}/releases`).
    func recentReleases(owner: String, name: String, etag: String?) async throws(GitHubError) -> Revalidated<[Release]>
    /// A person's five newest repositories (`GET /users/{login}/repos?sort=created`).
    func recentRepositories(login: String, etag: String?) async throws(GitHubError) -> Revalidated<[CreatedRepository]>
}
