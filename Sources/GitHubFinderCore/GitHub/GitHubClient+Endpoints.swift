import Foundation

extension GitHubClient {
    public func searchUsers(_ request: UserSearchRequest) async throws(GitHubError) -> UserSearchPage {
        try Self.checkLength(request.query)
        return try await searchUsers(page: GitHubEndpoint.searchUsers(request, base: configuration.baseURL))
    }

    /// An absurdly long query is refused here, in GitHub's words, without spending a search.
    private static func checkLength(_ query: SearchQuery) throws(GitHubError) {
        guard query.text.count <= SearchQuery.maximumLength else {
            throw .validationFailed(message: tr("The search query is too long"), details: [tr("GitHub searches at most 256 characters of text")])
        }
    }

    public func searchUsers(page url: URL) async throws(GitHubError) -> UserSearchPage {
        let response = try await get(url, policy: .init(resource: "search"))
        return try GitHubDecoding.searchPage(from: response.body, link: response.headers["link"])
    }

    public func searchRepositories(_ request: RepositorySearchRequest) async throws(GitHubError) -> RepositorySearchPage {
        try Self.checkLength(request.query)
        return try await searchRepositories(page: GitHubEndpoint.searchRepositories(request, base: configuration.baseURL))
    }

    public func searchRepositories(page url: URL) async throws(GitHubError) -> RepositorySearchPage {
        // One search quota for both scopes: the same "search" bucket.
        let response = try await get(url, policy: .init(resource: "search"))
        return try GitHubDecoding.repositorySearchPage(from: response.body, link: response.headers["link"])
    }

    public func user(login: String) async throws(GitHubError) -> UserProfile {
        let response = try await get(GitHubEndpoint.user(login, base: configuration.baseURL), policy: .init(resource: "core", conditional: true))
        return try GitHubDecoding.profile(from: response.body)
    }

    public func repository(owner: String, name: String) async throws(GitHubError) -> RepositoryDetails {
        let response = try await get(GitHubEndpoint.repository(owner: owner, name: name, base: configuration.baseURL), policy: .init(resource: "core", conditional: true))
        return try GitHubDecoding.repositoryDetails(from: response.body)
    }

    public func languages(owner: String, name: String) async throws(GitHubError) -> [LanguageShare] {
        let response = try await get(GitHubEndpoint.languages(owner: owner, name: name, base: configuration.baseURL), policy: .init(resource: "core", conditional: true))
        return try GitHubDecoding.languages(from: response.body)
    }

    public func cachedUser(login: String) -> UserProfile? {
        cache.entry(for: GitHubEndpoint.user(login, base: configuration.baseURL)).flatMap { try? GitHubDecoding.profile(from: $0.body) }
    }

    public var cachedByteCount: Int { cache.byteCount }

    public func clearCache() { cache.removeAll() }

    public func repositories(login: String) async throws(GitHubError) -> Page<Repository> {
        try await repositories(page: GitHubEndpoint.repositories(login, perPage: 30, base: configuration.baseURL))
    }

    public func repositories(page url: URL) async throws(GitHubError) -> Page<Repository> {
        let response = try await get(url, policy: .init(resource: "core", conditional: true))
        return try GitHubDecoding.repositories(from: response.body, link: response.headers["link"], page: url)
    }

    public func avatar(_ url: URL, pixelSize: Int) async throws(GitHubError) -> Data {
        guard DTOMapping.webURL(url.absoluteString) != nil else { throw .undecodable("avatar: not an http(s) URL") }
        let response = try await get(AvatarURL.sized(url, pixelSize: pixelSize), policy: .init(resource: "avatars", sendsCredentials: false, accept: "image/*", isAvatar: true))
        guard Self.looksLikeImage(response.body) else { throw .undecodable("avatar: not a PNG, JPEG, GIF or WebP image") }
        return response.body
    }

    public func authenticatedUser(token: String) async throws(GitHubError) -> UserProfile {
        let url = configuration.baseURL.appendingPathComponent("user")
        let response = try await get(url, policy: .init(resource: "core", token: token))
        return try GitHubDecoding.profile(from: response.body)
    }

    public func rateLimitStatus() async throws(GitHubError) -> [RateLimit] {
        let response = try await get(GitHubEndpoint.rateLimit(base: configuration.baseURL), policy: .init(resource: "core"))
        let overview = try GitHubResponseClassifier.decode(RateLimitOverviewDTO.self, from: response.body, what: "rate limits")
        let limits = (overview.resources ?? [:]).compactMap { name, bucket -> RateLimit? in
            guard let bucket = bucket.value, let limit = bucket.limit, let remaining = bucket.remaining, let reset = bucket.reset else { return nil }
            return RateLimit(resource: name, limit: limit, remaining: remaining, used: bucket.used, resetsAt: Date(timeIntervalSince1970: reset))
        }
        limits.forEach(rateLimits.record)
        return limits.sorted { $0.resource < $1.resource }
    }

    /// Magic numbers of the formats GTK's texture loader reads.
    static func looksLikeImage(_ data: Data) -> Bool {
        let signatures: [[UInt8]] = [[0x89, 0x50, 0x4E, 0x47], [0xFF, 0xD8, 0xFF], [0x47, 0x49, 0x46, 0x38], [0x52, 0x49, 0x46, 0x46]]
        return signatures.contains { data.starts(with: $0) }
    }
}
