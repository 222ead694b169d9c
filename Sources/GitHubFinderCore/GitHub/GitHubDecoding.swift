import Foundation

/// Response bodies to domain models: what the client runs on every success, public so the
/// benchmark measures exactly this path.
public enum GitHubDecoding {
    /// A `/search/users` body and its `Link` header value to a `SearchPage`.
    public static func searchPage(from body: Data, link: String?) throws(GitHubError) -> SearchPage {
        let envelope = try searchEnvelope(SearchItemDTO.self, from: body, what: "search results")
        let users = envelope.items.compactMap(DTOMapping.user)
        return SearchPage(users: users, totalCount: max(envelope.total ?? users.count, 0), incompleteResults: envelope.incomplete ?? false, next: LinkHeader(link).next)
    }

    /// A `/search/repositories` body and its `Link` header value to a `RepositorySearchPage`.
    public static func repositorySearchPage(from body: Data, link: String?) throws(GitHubError) -> RepositorySearchPage {
        let envelope = try searchEnvelope(RepositoryDTO.self, from: body, what: "repository results")
        let repositories = envelope.items.compactMap(DTOMapping.repository)
        return RepositorySearchPage(repositories: repositories, totalCount: max(envelope.total ?? repositories.count, 0),
                                    incompleteResults: envelope.incomplete ?? false, next: LinkHeader(link).next)
    }

    /// A search envelope's count, flag and items: strictly decoded when every item decodes (the
    /// fast path), else item by item, dropping the bad ones, so one odd item costs only itself.
    private static func searchEnvelope<Item: Decodable & Sendable>(_: Item.Type, from body: Data, what: String) throws(GitHubError) -> (total: Int?, incomplete: Bool?, items: [Item]) {
        if let strict = try? JSONDecoder().decode(StrictSearchEnvelopeDTO<Item>.self, from: body), let items = strict.items {
            return (strict.total_count, strict.incomplete_results, items)
        }
        let lenient = try GitHubResponseClassifier.decode(SearchEnvelopeDTO<Item>.self, from: body, what: what)
        guard let items = lenient.items else { throw .undecodable("\(what): no items") }
        return (lenient.total_count, lenient.incomplete_results, items.compactMap(\.value))
    }

    /// A `/users/{login}` body to a `UserProfile`.
    public static func profile(from body: Data) throws(GitHubError) -> UserProfile {
        let dto = try GitHubResponseClassifier.decode(UserDTO.self, from: body, what: "profile")
        guard let profile = DTOMapping.profile(dto) else { throw .undecodable("profile: no id or login") }
        return profile
    }

    /// A `/repos/{owner}/{repo}` body to `RepositoryDetails`.
    public static func repositoryDetails(from body: Data) throws(GitHubError) -> RepositoryDetails {
        let dto = try GitHubResponseClassifier.decode(RepositoryDetailDTO.self, from: body, what: "repository")
        guard let details = DTOMapping.repositoryDetails(dto) else { throw .undecodable("repository: no id or name") }
        return details
    }

    /// A `/repos/{owner}/{repo}/languages` body (bytes per language) to shares, largest first.
    public static func languages(from body: Data) throws(GitHubError) -> [LanguageShare] {
        let bytes = try GitHubResponseClassifier.decode([String: LenientElement<Int>].self, from: body, what: "languages")
        return LanguageShare.shares(bytes.compactMapValues(\.value))
    }

    /// A user-list body (followers, following) and its `Link` header value to a page of users.
    public static func users(from body: Data, link: String?) throws(GitHubError) -> Page<User> {
        let items = try GitHubResponseClassifier.decode([LenientElement<UserDTO>].self, from: body, what: "users")
        return Page(items: items.compactMap { $0.value.flatMap(DTOMapping.user) }, next: LinkHeader(link).next)
    }

    /// A repository-list body and its `Link` header value to a page of repositories.
    public static func repositories(from body: Data, link: String?) throws(GitHubError) -> Page<Repository> {
        let items = try GitHubResponseClassifier.decode([LenientElement<RepositoryDTO>].self, from: body, what: "repositories")
        return Page(items: items.compactMap { $0.value.flatMap(DTOMapping.repository) }, next: LinkHeader(link).next)
    }
}
