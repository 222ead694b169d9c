import Foundation

/// One Repositories result row: what the row draws and what its star toggle says.
public struct RepositoryRow: SearchResultRow {
    public var id: Int64
    /// "owner/name": the row's accessible name.
    public var fullName: String
    public var avatarURL: URL?
    public var description: String?
    public var language: String?
    /// "12.3k", as the user's locale writes numbers.
    public var stars: String
    public var forks: String
    /// "Updated 3 days ago"; nil when GitHub gave no date.
    public var updated: String?
    /// "Archived", "Fork", "Template": what the row marks beside the name.
    public var badges: [String]
    /// "Swift · ★ 12.3k · 1.2k forks · Updated 3 days ago": the line under the description.
    public var summary: String
    public var isFavorite: Bool
    /// A favorite's note (its first line) and tags; none in search results.
    public var note: String?
    public var tags: [String] = []

    public init(_ repository: Repository, isFavorite: Bool, now: Date = Date()) {
        id = repository.id
        fullName = repository.fullName
        avatarURL = repository.owner?.avatarURL
        description = repository.description.flatMap { $0.isEmpty ? nil : $0 }
        language = repository.language
        stars = NumberText.compact(repository.stars)
        forks = NumberText.compact(repository.forks)
        updated = repository.updatedAt.map { RelativeTime.updated($0, now: now) }
        badges = Self.badges(repository)
        // TRANSLATORS: a repository's stars in a list row; {count} is already shortened ("12.3k").
        let starsText = tr("★ {count}", ["count": stars])
        // TRANSLATORS: {forks} is already shortened ("1.2k"); the number only chooses the plural form.
        let forksText = trn("{forks} fork", "{forks} forks", repository.forks, ["forks": forks])
        summary = ([language, starsText, forksText, updated].compactMap { $0 }).joined(separator: " · ")
        self.isFavorite = isFavorite
    }

    /// A starred repository's row in Favorites, from the snapshot the store keeps (which has no
    /// forks, dates or badges): "Swift · ★ 12.3k", starred.
    public init(favoriteID id: Int64, _ favorite: Repositories.Row) {
        self.id = id
        fullName = favorite.fullName
        avatarURL = favorite.ownerAvatarURL
        description = favorite.description.flatMap { $0.isEmpty ? nil : $0 }
        language = favorite.language
        stars = NumberText.compact(favorite.stars)
        forks = ""
        updated = nil
        badges = []
        summary = ([language, tr("★ {count}", ["count": stars])].compactMap { $0 }).joined(separator: " · ")
        isFavorite = true
        note = favorite.note
        tags = favorite.tags
    }

    /// The star toggle's accessible name (DESIGN §5).
    public var starLabel: String { Self.starLabel(fullName: fullName, isFavorite: isFavorite) }

    public static func starLabel(fullName: String, isFavorite: Bool) -> String {
        // TRANSLATORS: the star button of a repository; {repository} is owner/name.
        isFavorite ? tr("Unstar {repository}", ["repository": fullName]) : tr("Star {repository}", ["repository": fullName])
    }

    /// The star toggle's tooltip; the accessible name says which repository.
    public static func starTooltip(isFavorite: Bool) -> String {
        isFavorite ? tr("Unstar") : tr("Star")
    }

    static func badges(_ repository: Repository) -> [String] {
        var badges: [String] = []
        // TRANSLATORS: a badge beside a repository that is read-only on GitHub.
        if repository.isArchived { badges.append(tr("Archived")) }
        // TRANSLATORS: a badge beside a repository that is a copy of another one.
        if repository.isFork { badges.append(tr("Fork")) }
        // TRANSLATORS: a badge beside a repository others can make new repositories from.
        if repository.isTemplate { badges.append(tr("Template")) }
        return badges
    }

    public static var initialPage: StatePage {
        StatePage(name: "initial", icon: "system-search-symbolic", title: tr("Search Repositories"),
                  // TRANSLATORS: keep the qualifiers (language:, stars:, topic:, user:) as they are: GitHub reads them. Keep lines short (about 40 columns; a Korean syllable is 2).
                  description: tr("Type a name, a topic or words\nfrom a description. Qualifiers work too:\nlanguage:swift  stars:>100\ntopic:gtk  user:gnome"))
    }

    public static var noResultsPage: StatePage {
        StatePage(name: "noResults", icon: "edit-find-symbolic", title: tr("No Repositories Found"), description: tr("Try other words,\nor fewer qualifiers."))
    }

    public static func capNotice(total: Int) -> String? {
        guard total > GitHubSearchLimits.resultCap else { return nil }
        // TRANSLATORS: at the end of the list when GitHub returns only the first {cap} of {count} matches.
        return trn("Showing the first {cap} of {count} repository", "Showing the first {cap} of {count} repositories", total, ["cap": NumberText.integer(GitHubSearchLimits.resultCap)])
    }
}
