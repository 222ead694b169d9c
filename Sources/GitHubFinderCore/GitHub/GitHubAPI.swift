import Foundation

/// What the app asks of GitHub. `GitHubClient` is the live implementation; view-model tests use
/// fakes. Every method throws only `GitHubError`. What's New's requests are in `NewsAPI`.
public protocol GitHubAPI: NewsAPI {
    /// Rate-limit buckets as reported by the latest responses.
    var rateLimits: RateLimitMonitor { get }
    /// The token requests carry now.
    var credentials: Credentials { get }

    /// The first page of a user search.
    func searchUsers(_ request: UserSearchRequest) async throws(GitHubError) -> UserSearchPage
    /// A later page, from the `next` URL of the previous one, followed verbatim.
    func searchUsers(page: URL) async throws(GitHubError) -> UserSearchPage
    /// The first page of a repository search (same quota as user search).
    func searchRepositories(_ request: RepositorySearchRequest) async throws(GitHubError) -> RepositorySearchPage
    /// A later page, from the `next` URL of the previous one, followed verbatim.
    func searchRepositories(page: URL) async throws(GitHubError) -> RepositorySearchPage
    /// A repository's page, revalidated with `If-None-Match` when it was fetched before.
    func repository(owner: String, name: String) async throws(GitHubError) -> RepositoryDetails
    /// Its languages' shares of the code, largest first (revalidated the same way).
    func languages(owner: String, name: String) async throws(GitHubError) -> [LanguageShare]
    /// Its README's Markdown (`GET /repos/{owner}/{repo}/readme`, raw), revalidated the same way
    /// (a 304 costs no quota); nil when it has none (404).
    func readme(owner: String, name: String) async throws(GitHubError) -> String?
    /// Its latest published release, revalidated the same way; nil when it has none (404).
    func latestRelease(owner: String, name: String) async throws(GitHubError) -> Release?
    /// Its release of `tag` (`GET /repos/{owner}/{repo}/releases/tags/{tag}`), revalidated the
    /// same way; nil when there is none (404).
    func release(owner: String, name: String, tag: String) async throws(GitHubError) -> Release?
    /// An image of a README (any host, no credentials), at most 5 MB; a redirect only where
    /// `mayFollow` allows.
    func readmeImage(_ url: URL, mayFollow: @escaping @Sendable (URL) -> Bool) async throws(GitHubError) -> Data
    /// A profile, revalidated with `If-None-Match` when it was fetched before.
    func user(login: String) async throws(GitHubError) -> UserProfile
    /// The profile as last fetched, without touching the network (nil if never fetched).
    func cachedUser(login: String) -> UserProfile?
    /// The first page of a user's repositories, most recently pushed first.
    func repositories(login: String) async throws(GitHubError) -> Page<Repository>
    /// A later page of repositories, from the previous page's `next` URL.
    func repositories(page: URL) async throws(GitHubError) -> Page<Repository>
    /// Stars a repository for the signed-in user (`PUT /user/starred/{owner}/{repo}`). A token
    /// that may not star gets `.refused`, with GitHub's message and the scope it lacks.
    func starRepository(owner: String, name: String) async throws(GitHubError)
    /// Unstars it (`DELETE`); unstarring one that is not starred succeeds, as on GitHub.
    func unstarRepository(owner: String, name: String) async throws(GitHubError)
    /// The first page of the signed-in user's starred repositories (100 a page, newest star
    /// first, with when each was starred), revalidated with `If-None-Match` when it was fetched
    /// before. A page with an item it cannot read throws `.undecodable`: never a shorter list.
    func starredRepositories() async throws(GitHubError) -> Page<StarredRepository>
    /// A later page, from the previous page's `next` URL.
    func starredRepositories(page: URL) async throws(GitHubError) -> Page<StarredRepository>
    /// Whether the signed-in user follows `login` (`GET /user/following/{username}`: 204 yes,
    /// 404 no); never from the cache.
    func isFollowing(login: String) async throws(GitHubError) -> Bool
    /// Follows `login` (`PUT /user/following/{username}`). A token that may not follow gets
    /// `.refused`, with GitHub's message and the scope it lacks (`user:follow`).
    func follow(login: String) async throws(GitHubError)
    /// Unfollows `login` (`DELETE`); unfollowing someone not followed succeeds, as on GitHub.
    func unfollow(login: String) async throws(GitHubError)
    /// The first page (100) of whom the signed-in user follows, or of their followers.
    func network(_ direction: FollowDirection) async throws(GitHubError) -> Page<User>
    /// The first page (100) of the signed-in user's own repositories, most recently pushed first.
    func yourRepositories() async throws(GitHubError) -> Page<Repository>
    /// A later page of people, from the previous page's `next` URL.
    func users(page: URL) async throws(GitHubError) -> Page<User>
    /// Avatar image bytes at `pixelSize` square pixels. Never sends credentials.
    func avatar(_ url: URL, pixelSize: Int) async throws(GitHubError) -> Data
    /// `GET /user` with `token` (not the current one): the account it belongs to, or
    /// `.unauthorized` when GitHub refuses it.
    func authenticatedUser(token: String) async throws(GitHubError) -> UserProfile
    /// Every bucket from `GET /rate_limit` (which itself costs no quota).
    func rateLimitStatus() async throws(GitHubError) -> [RateLimit]
    /// Bytes of responses kept for conditional requests and offline display.
    var cachedByteCount: Int { get }
    /// Forgets every kept response: the next request for each is a full one.
    func clearCache()
}
