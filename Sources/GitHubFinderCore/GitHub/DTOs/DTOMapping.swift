import Foundation

/// Turns wire DTOs into domain models, dropping items that lack what identifies them.
enum DTOMapping {
    static func user(_ dto: UserDTO) -> User? {
        guard let id = dto.id, let login = dto.login, !login.isEmpty else { return nil }
        return User(id: id, login: login, avatarURL: webURL(dto.avatar_url), profileURL: webURL(dto.html_url), type: AccountType(apiValue: dto.type))
    }

    static func profile(_ dto: UserDTO) -> UserProfile? {
        guard let user = user(dto) else { return nil }
        return UserProfile(
            id: user.id, login: user.login, name: nonEmpty(dto.name), avatarURL: user.avatarURL,
            profileURL: user.profileURL, type: user.type, bio: nonEmpty(dto.bio), company: nonEmpty(dto.company),
            location: nonEmpty(dto.location), blog: nonEmpty(dto.blog), followers: max(dto.followers ?? 0, 0),
            following: max(dto.following ?? 0, 0), publicRepositories: max(dto.public_repos ?? 0, 0),
            memberSince: date(dto.created_at)
        )
    }

    static func repository(_ dto: RepositoryDTO) -> Repository? {
        guard let id = dto.id, let name = dto.name else { return nil }
        return Repository(
            id: id, name: name, fullName: dto.full_name ?? name, description: nonEmpty(dto.description),
            language: nonEmpty(dto.language), stars: max(dto.stargazers_count ?? dto.watchers_count ?? dto.watchers ?? 0, 0),
            forks: max(dto.forks_count ?? dto.forks ?? 0, 0),
            isFork: dto.fork ?? false, isArchived: dto.archived ?? false, pushedAt: date(dto.pushed_at), htmlURL: webURL(dto.html_url),
            owner: dto.owner.flatMap(user), isTemplate: dto.is_template ?? false, updatedAt: date(dto.updated_at),
            topics: (dto.topics ?? []).filter { !$0.isEmpty }
        )
    }

    static func repositoryDetails(_ dto: RepositoryDetailDTO) -> RepositoryDetails? {
        guard let repository = repository(dto.base) else { return nil }
        let extras = dto.extras
        // A licence GitHub could not identify comes named "Other" (spdx_id NOASSERTION): shown so.
        return RepositoryDetails(
            repository: repository, homepage: homepageURL(extras.homepage), license: nonEmpty(extras.license?.name),
            watchers: max(extras.subscribers_count ?? 0, 0), openIssues: max(extras.open_issues_count ?? extras.open_issues ?? 0, 0),
            defaultBranch: nonEmpty(extras.default_branch) ?? nonEmpty(extras.master_branch), createdAt: date(extras.created_at), parent: extras.parent.flatMap(self.repository)
        )
    }

    static func user(_ dto: SearchItemDTO) -> User? {
        guard let id = dto.id, let login = dto.login, !login.isEmpty else { return nil }
        return User(id: id, login: login, avatarURL: webURL(dto.avatar_url), profileURL: webURL(dto.html_url), type: AccountType(apiValue: dto.type))
    }

    /// The field a list item lacks that `user` needs, or nil when it maps.
    static func missingField(_ dto: UserDTO) -> String? {
        if dto.id == nil { return "id" }
        if dto.login?.isEmpty ?? true { return "login" }
        return nil
    }

    /// The field a list item lacks that `repository` needs, or nil when it maps.
    static func missingField(_ dto: RepositoryDTO) -> String? {
        if dto.id == nil { return "id" }
        if dto.name == nil { return "name" }
        return nil
    }

    /// A repository's homepage as people type it: trimmed, and a bare host (`www.gradle.org`,
    /// `example.com/docs`) taken as https. Any other scheme is still refused.
    static func homepageURL(_ text: String?) -> URL? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        if let url = webURL(trimmed) { return url }
        // "host:port/…" parses with the host as its scheme; a real scheme is followed by "//" or
        // has no dot in it ("javascript:", "mailto:").
        if let colon = trimmed.firstIndex(of: ":") {
            let scheme = trimmed[..<colon]
            let looksLikeHostAndPort = scheme.contains(".") && trimmed[trimmed.index(after: colon)...].first?.isNumber == true
            guard looksLikeHostAndPort else { return nil }
        }
        guard !trimmed.contains(where: \.isWhitespace), let first = trimmed.first, first.isLetter || first.isNumber,
              let url = webURL("https://" + trimmed), url.host?.contains(".") == true else { return nil }
        return url
    }

    /// Only absolute http(s) URLs are kept: nothing else from the server is ever opened or fetched.
    static func webURL(_ text: String?) -> URL? {
        guard let text, let url = URL(string: text), let scheme = url.scheme?.lowercased(),
              scheme == "https" || scheme == "http", url.host != nil else { return nil }
        return url
    }

    private static func nonEmpty(_ text: String?) -> String? {
        guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { return nil }
        return text
    }

    /// GitHub timestamps are ISO 8601 in UTC, e.g. `2011-01-25T18:44:36Z`.
    static func date(_ text: String?) -> Date? {
        guard let text else { return nil }
        return UTCTimestamp.date(text) ?? (try? Date(text, strategy: .iso8601))
    }
}
