import Foundation

extension GitHubClient {
    public func isFollowing(login: String) async throws(GitHubError) -> Bool {
        do {
            _ = try await get(GitHubEndpoint.followedUser(login, base: configuration.baseURL), policy: .init(resource: "core"))
            return true
        } catch .notFound {
            return false
        }
    }

    public func follow(login: String) async throws(GitHubError) {
        _ = try await change("PUT", GitHubEndpoint.followedUser(login, base: configuration.baseURL), policy: .init(resource: "core"))
    }

    public func unfollow(login: String) async throws(GitHubError) {
        _ = try await change("DELETE", GitHubEndpoint.followedUser(login, base: configuration.baseURL), policy: .init(resource: "core"))
    }

    public func network(_ direction: FollowDirection) async throws(GitHubError) -> Page<User> {
        try await users(page: GitHubEndpoint.network(direction, perPage: 100, base: configuration.baseURL))
    }

    public func yourRepositories() async throws(GitHubError) -> Page<Repository> {
        try await repositories(page: GitHubEndpoint.yourRepositories(perPage: 100, base: configuration.baseURL))
    }

    public func users(page url: URL) async throws(GitHubError) -> Page<User> {
        let response = try await get(url, policy: .init(resource: "core", conditional: true))
        return try GitHubDecoding.users(from: response.body, link: response.headers["link"], list: "people", page: url)
    }
}
