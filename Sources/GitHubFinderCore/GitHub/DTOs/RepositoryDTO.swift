import Foundation

/// A repository as GitHub sends it in `GET /users/{login}/repos` and repository search.
struct RepositoryDTO: Decodable, Sendable {
    var id: Int64?
    var name: String?
    var full_name: String?
    var description: String?
    var language: String?
    var stargazers_count: Int?
    /// The star count under GitHub's older names (despite the name, not the watchers).
    var watchers_count: Int?
    var watchers: Int?
    var forks_count: Int?
    /// The fork count under its older name.
    var forks: Int?
    var fork: Bool?
    var archived: Bool?
    var pushed_at: String?
    var html_url: String?
    var owner: SearchItemDTO?
    var is_template: Bool?
    var updated_at: String?
    var topics: [String]?
}

/// `GET /repos/{owner}/{repo}`: the list fields, and the ones only a repository's page has.
struct RepositoryDetailDTO: Decodable, Sendable {
    struct License: Decodable, Sendable {
        var name: String?
        var spdx_id: String?
    }

    /// What only the page has; decoded from the same object as `base`.
    struct Extras: Decodable, Sendable {
        var homepage: String?
        var license: License?
        var subscribers_count: Int?
        var open_issues_count: Int?
        /// The same count under its older name.
        var open_issues: Int?
        var default_branch: String?
        /// The default branch under its 2012 name.
        var master_branch: String?
        var created_at: String?
        var parent: RepositoryDTO?
    }

    var base: RepositoryDTO
    var extras: Extras

    init(from decoder: any Decoder) throws {
        base = try RepositoryDTO(from: decoder)
        extras = try Extras(from: decoder)
    }
}

/// `GET /rate_limit`: `{resources: {core: {...}, search: {...}}, rate: {...}}` (`rate` is going away).
struct RateLimitOverviewDTO: Decodable, Sendable {
    struct Bucket: Decodable, Sendable {
        var limit: Int?
        var remaining: Int?
        var used: Int?
        var reset: TimeInterval?
    }

    var resources: [String: LenientElement<Bucket>]?
}

/// One item of `GET /user/starred`: a repository (`application/vnd.github+json`), or
/// `{starred_at, repo}` (`application/vnd.github.star+json`). Either shape gives the repository.
struct StarredItemDTO: Decodable, Sendable {
    var repository: RepositoryDTO
    var starredAt: String?

    private enum Keys: String, CodingKey {
        case repo, starred_at
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        if container.contains(.repo) {
            repository = try container.decode(RepositoryDTO.self, forKey: .repo)
            starredAt = try? container.decodeIfPresent(String.self, forKey: .starred_at)
        } else {
            repository = try RepositoryDTO(from: decoder)
        }
    }
}
