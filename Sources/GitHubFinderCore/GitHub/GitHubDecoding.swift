import Foundation

/// Response bodies to domain models: what the client runs on every success, public so the
/// benchmark measures exactly this path.
public enum GitHubDecoding {
    /// A `/search/users` body and its `Link` header value to a `SearchPage`.
    public static func searchPage(from body: Data, link: String?) throws(GitHubError) -> SearchPage {
        let total: Int?, incomplete: Bool?, items: [SearchItemDTO]
        if let strict = try? JSONDecoder().decode(StrictSearchEnvelopeDTO<SearchItemDTO>.self, from: body), let strictItems = strict.items {
            (total, incomplete, items) = (strict.total_count, strict.incomplete_results, strictItems)
        } else {
            // One odd item must not cost the whole page: decode item by item, dropping the bad ones.
            let lenient = try GitHubResponseClassifier.decode(SearchEnvelopeDTO<SearchItemDTO>.self, from: body, what: "search results")
            guard let lenientItems = lenient.items else { throw .undecodable("search results: no items") }
            (total, incomplete, items) = (lenient.total_count, lenient.incomplete_results, lenientItems.compactMap(\.value))
        }
        let users = items.compactMap(DTOMapping.user)
        return SearchPage(users: users, totalCount: max(total ?? users.count, 0), incompleteResults: incomplete ?? false, next: LinkHeader(link).next)
    }

    /// A `/users/{login}` body to a `UserProfile`.
    public static func profile(from body: Data) throws(GitHubError) -> UserProfile {
        let dto = try GitHubResponseClassifier.decode(UserDTO.self, from: body, what: "profile")
        guard let profile = DTOMapping.profile(dto) else { throw .undecodable("profile: no id or login") }
        return profile
    }

    /// A repository-list body and its `Link` header value to a page of repositories.
    public static func repositories(from body: Data, link: String?) throws(GitHubError) -> Page<Repository> {
        let items = try GitHubResponseClassifier.decode([LenientElement<RepositoryDTO>].self, from: body, what: "repositories")
        return Page(items: items.compactMap { $0.value.flatMap(DTOMapping.repository) }, next: LinkHeader(link).next)
    }
}
