import Foundation

/// Response bodies to domain models: what the client runs on every success, public so the
/// benchmark measures exactly this path.
public enum GitHubDecoding {
    /// A `/search/users` body and its `Link` header value to a `UserSearchPage`. An item that cannot
    /// be shown is skipped and counted in `skippedCount`.
    public static func searchPage(from body: Data, link: String?) throws(GitHubError) -> UserSearchPage {
        let envelope = try searchEnvelope(SearchItemDTO.self, from: body, what: "search results")
        let users = envelope.items.compactMap(DTOMapping.user)
        return UserSearchPage(users: users, totalCount: max(envelope.total ?? users.count, 0), incompleteResults: envelope.incomplete ?? false,
                          next: LinkHeader(link).next, skippedCount: envelope.itemCount - users.count)
    }

    /// A `/search/repositories` body and its `Link` header value to a `RepositorySearchPage`.
    public static func repositorySearchPage(from body: Data, link: String?) throws(GitHubError) -> RepositorySearchPage {
        let envelope = try searchEnvelope(RepositoryDTO.self, from: body, what: "repository results")
        let repositories = envelope.items.compactMap(DTOMapping.repository)
        return RepositorySearchPage(repositories: repositories, totalCount: max(envelope.total ?? repositories.count, 0),
                                    incompleteResults: envelope.incomplete ?? false, next: LinkHeader(link).next,
                                    skippedCount: envelope.itemCount - repositories.count)
    }

    /// A search envelope's count, flag and items: strictly decoded when every item decodes (the
    /// fast path), else item by item, dropping the bad ones, so one odd item costs only itself.
    /// `itemCount` is how many items the page had, decodable or not.
    private static func searchEnvelope<Item: Decodable & Sendable>(_: Item.Type, from body: Data, what: String) throws(GitHubError) -> (total: Int?, incomplete: Bool?, items: [Item], itemCount: Int) {
        if let strict = try? JSONDecoder().decode(StrictSearchEnvelopeDTO<Item>.self, from: body), let items = strict.items {
            return (strict.total_count, strict.incomplete_results, items, items.count)
        }
        let lenient = try GitHubResponseClassifier.decode(SearchEnvelopeDTO<Item>.self, from: body, what: what)
        guard let items = lenient.items else { throw .undecodable("\(what): no items") }
        return (lenient.total_count, lenient.incomplete_results, items.compactMap(\.value), items.count)
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

    /// A `/repos/{owner}/{repo}/releases/latest` body to a `Release`.
    public static func release(from body: Data) throws(GitHubError) -> Release {
        let dto = try GitHubResponseClassifier.decode(ReleaseDTO.self, from: body, what: "release")
        guard let release = DTOMapping.release(dto) else { throw .undecodable("release: no tag_name") }
        return release
    }

    /// A user-list body (followers, following) and its `Link` header value to a page of users.
    /// Lists are read whole or not at all: an item that cannot be mapped fails the page.
    public static func users(from body: Data, link: String?, list: String = "users", page: URL? = nil) throws(GitHubError) -> Page<User> {
        let items = try wholeList(UserDTO.self, from: body, list: list, page: page, missingField: DTOMapping.missingField, map: DTOMapping.user)
        return Page(items: items, next: LinkHeader(link).next)
    }

    /// A repository-list body and its `Link` header value to a page of repositories, read whole.
    public static func repositories(from body: Data, link: String?, list: String = "repositories", page: URL? = nil) throws(GitHubError) -> Page<Repository> {
        let items = try wholeList(RepositoryDTO.self, from: body, list: list, page: page, missingField: DTOMapping.missingField, map: DTOMapping.repository)
        return Page(items: items, next: LinkHeader(link).next)
    }

    /// A `/user/starred` body in either media type (repositories, or `{starred_at, repo}`) to a
    /// page of starred repositories, read whole: the star sync removes what this page lacks.
    public static func starredRepositories(from body: Data, link: String?, page: URL? = nil) throws(GitHubError) -> Page<StarredRepository> {
        let items = try wholeList(StarredItemDTO.self, from: body, list: "starred repositories", page: page,
                                  missingField: { DTOMapping.missingField($0.repository).map { "repo.\($0)" } }) { item in
            DTOMapping.repository(item.repository).map { StarredRepository($0, starredAt: DTOMapping.date(item.starredAt)) }
        }
        return Page(items: items, next: LinkHeader(link).next)
    }

    /// Every item of a JSON array, or `.undecodable` naming the list, the page, the item's index
    /// and the field at fault: a list that lost an item must never pass for the whole list.
    private static func wholeList<DTO: Decodable & Sendable, Item>(_: DTO.Type, from body: Data, list: String, page: URL?,
                                                                   missingField: (DTO) -> String?, map: (DTO) -> Item?) throws(GitHubError) -> [Item] {
        let elements = try GitHubResponseClassifier.decode([LenientElement<DTO>].self, from: body, what: list)
        var items: [Item] = []
        items.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            guard let dto = element.value else {
                throw .undecodable("\(list), \(pageName(page)): item \(index + 1) has an unreadable \(element.failedField ?? "value")")
            }
            guard let item = map(dto) else {
                throw .undecodable("\(list), \(pageName(page)): item \(index + 1) has no \(missingField(dto) ?? "usable value")")
            }
            items.append(item)
        }
        return items
    }

    /// "page 3", from the request's `page` parameter (GitHub's first page has none).
    private static func pageName(_ url: URL?) -> String {
        let number = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "page" }?.value }
        return "page \(number ?? "1")"
    }
}
