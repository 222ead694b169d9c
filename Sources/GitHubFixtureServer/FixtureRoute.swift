import Foundation

/// The double's routes, for request counts and fault targeting.
public enum FixtureRoute: String, Sendable, Codable, CaseIterable {
    /// `GET /search/users` (its raw value predates repository search).
    case search
    /// `GET /search/repositories`: shares the search quota with `search`.
    case searchRepositories = "search_repositories"
    case user, repos, avatar
    /// `GET /repos/{owner}/{repo}`.
    case repository
    /// `GET /repos/{owner}/{repo}/languages`.
    case languages
    /// `GET /repos/{owner}/{repo}/readme`.
    case readme
    /// `GET /repos/{owner}/{repo}/releases/latest`.
    case latestRelease = "latest_release"
    /// `GET /repos/{owner}/{repo}/releases/tags/{tag}`.
    case releaseByTag = "release_by_tag"
    /// `GET /repos/{owner}/{repo}/releases`: newest first.
    case releases
    /// `/user/starred` and `/user/starred/{owner}/{repo}` (GET, PUT, DELETE).
    case starred
    /// `GET /user/following` and `/user/following/{username}` (GET, PUT, DELETE).
    case following
    /// `GET /user/followers`.
    case followers
    /// `GET /users/{username}/followers` and `/user/{id}/followers`.
    case userFollowers = "user_followers"
    /// `GET /users/{username}/following`, `/user/{id}/following` and `/users/{username}/following/{target}`.
    case userFollowing = "user_following"
    /// `GET /_fixture/images/{name}`: the images of the test READMEs (FixtureReadmes).
    case image
    case rateLimit = "rate_limit"
    /// `GET /user`: the signed-in account.
    case authenticatedUser = "authenticated_user"
    /// `POST /login/device/code` and `POST /login/oauth/access_token`.
    case deviceCode = "device_code"
    case accessToken = "access_token"
    case control, unknown

    /// Whether requests spend the search bucket rather than core.
    var isSearch: Bool { self == .search || self == .searchRepositories }

    /// The route a (percent-decoded) path belongs to.
    init(path: String) {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        self = switch (parts.first, parts.count) {
        case ("_fixture", 3) where parts[1] == "images": .image
        case ("_fixture", _): .control
        case ("search", 2) where parts[1] == "users": .search
        case ("search", 2) where parts[1] == "repositories": .searchRepositories
        case ("users", 2): .user
        // Before `/user/{id}/…`: `/user/following/repos` asks about an account named "repos".
        case ("user", 2) where parts[1] == "following", ("user", 3) where parts[1] == "following": .following
        case ("user", 2) where parts[1] == "followers": .followers
        case ("users", 3) where parts[2] == "followers", ("user", 3) where parts[2] == "followers": .userFollowers
        case ("users", 3) where parts[2] == "following", ("users", 4) where parts[2] == "following", ("user", 3) where parts[2] == "following": .userFollowing
        case ("users", 3) where parts[2] == "repos", ("user", 3) where parts[2] == "repos", ("user", 2) where parts[1] == "repos": .repos
        case ("repos", 3): .repository
        case ("repos", 4) where parts[3] == "languages": .languages
        case ("repos", 4) where parts[3] == "readme": .readme
        case ("repos", 5) where parts[3] == "releases" && parts[4] == "latest": .latestRelease
        case ("repos", 6) where parts[3] == "releases" && parts[4] == "tags": .releaseByTag
        case ("repos", 4) where parts[3] == "releases": .releases
        case ("user", 2) where parts[1] == "starred", ("user", 4) where parts[1] == "starred": .starred
        case ("avatars", 3) where parts[1] == "u": .avatar
        case ("rate_limit", 1): .rateLimit
        case ("user", 1): .authenticatedUser
        case ("login", 3) where parts[1] == "device" && parts[2] == "code": .deviceCode
        case ("login", 3) where parts[1] == "oauth" && parts[2] == "access_token": .accessToken
        default: .unknown
        }
    }
}
