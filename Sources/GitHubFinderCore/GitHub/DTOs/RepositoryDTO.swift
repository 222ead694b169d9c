import Foundation

/// A repository as GitHub sends it in `GET /users/{login}/repos` and repository search.
struct RepositoryDTO: Decodable, Sendable {
    var id: Int64?
    var name: String?
    var full_name: String?
    var description: String?
    var language: String?
    var stargazers_count: Int?
    var forks_count: Int?
    var fork: Bool?
    var archived: Bool?
    var pushed_at: String?
    var html_url: String?
    var owner: SearchItemDTO?
    var is_template: Bool?
    var updated_at: String?
    var topics: [String]?
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
