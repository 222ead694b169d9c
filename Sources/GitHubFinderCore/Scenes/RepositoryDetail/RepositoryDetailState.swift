import Foundation

/// Everything a repository's detail pane shows; every text is made and translated here.
public struct RepositoryDetailState: Equatable, Sendable {
    public enum Phase: Equatable, Sendable {
        /// The page is on its way; what the list row knew shows meanwhile.
        case loading
        case loaded
        /// The page could not be had; what the list row knew stays, with the reason and Retry.
        case failed(message: String)
    }

    public var repository: Repository
    public var details: RepositoryDetails?
    public var languages: [LanguageShare] = []
    public var phase: Phase = .loading
    /// A refresh of a loaded page failed: the page stays, this says why.
    public var refreshError: String?
    public var isFavorite = false
    /// When the state was made: what "Updated 3 days ago" counts from.
    public var now: Date

    public init(repository: Repository, now: Date = Date()) {
        self.repository = repository
        self.now = now
    }

    var ownerAndName: (String, String)? {
        let parts = repository.fullName.split(separator: "/", maxSplits: 1).map(String.init)
        return parts.count == 2 ? (parts[0], parts[1]) : nil
    }

    /// One of the counts under the name: its number and what it counts.
    public struct Count: Equatable, Sendable {
        public var value: String
        public var caption: String
    }

    /// Stars, watchers, forks and open issues ("–" until the page says).
    public var counts: [Count] {
        [
            Count(value: NumberText.compact(repository.stars), caption: tr("Stars")),
            Count(value: details.map { NumberText.compact($0.watchers) } ?? "–", caption: tr("Watchers")),
            Count(value: NumberText.compact(repository.forks), caption: tr("Forks")),
            // GitHub's open_issues_count counts open pull requests too: the caption says so.
            Count(value: details.map { NumberText.compact($0.openIssues) } ?? "–", caption: tr("Open issues and pull requests")),
        ]
    }

    /// "Archived", "Fork", "Template".
    public var badges: [String] { RepositoryRow.badges(repository) }

    /// Notices above the facts: archived, forked from (with its own button), template.
    public var archivedNotice: String? {
        repository.isArchived ? tr("This repository is archived: it can be read but no longer changed.") : nil
    }

    /// "Forked from owner/name" when the page names the parent.
    public var parentText: String? {
        details?.parent.map { tr("Forked from {repository}", ["repository": $0.fullName]) }
    }

    public var templateNotice: String? {
        repository.isTemplate ? tr("A template: new repositories can be made from it.") : nil
    }

    /// Label/value lines: licence, default branch, created, last pushed, homepage.
    public var facts: [(label: String, value: String)] {
        var facts: [(String, String)] = []
        if let license = details?.license { facts.append((tr("Licence"), license)) }
        if let branch = details?.defaultBranch { facts.append((tr("Default branch"), branch)) }
        if let created = details?.createdAt { facts.append((tr("Created"), Self.date(created))) }
        if let pushed = repository.pushedAt { facts.append((tr("Last pushed"), Self.date(pushed))) }
        return facts
    }

    /// The homepage as shown (only http/https ever reaches here).
    public var homepageText: String? { details?.homepage?.absoluteString }

    /// "Swift 71.2 %": each language of the bar, largest first; the smallest beyond six are "Other".
    public var languageShares: [(name: String, percent: Double, text: String)] {
        let shown = languages.prefix(6)
        var shares = shown.map { ($0.name, $0.percent) }
        let rest = languages.dropFirst(6).reduce(0) { $0 + $1.percent }
        if rest > 0 { shares.append((tr("Other"), rest)) }
        return shares.map { ($0.0, $0.1, tr("{language} {percent} %", ["language": $0.0, "percent": Self.percent($0.1)])) }
    }

    /// Why the page is missing or stale, shown above what is known; nil when all is well.
    public var problem: String? {
        if case .failed(let message) = phase { return tr("The repository's page could not be loaded: {reason}", ["reason": message]) }
        return refreshError.map { tr("Showing a saved copy: {reason}", ["reason": $0]) }
    }

    public static var openInBrowserLabel: String { tr("Open in Browser") }

    /// "Star" / "Unstar": the detail's toggle is named by what it does (DESIGN §5); the page
    /// around it says which repository.
    public var starLabel: String { RepositoryRow.starTooltip(isFavorite: isFavorite) }

    static func date(_ date: Date) -> String {
        date.formatted(.dateTime.year().month(.abbreviated).day().locale(Localization.dateLocale))
    }

    static func percent(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return NumberText.integer(tenths / 10) + NumberText.decimalSeparator + String(tenths % 10)
    }

    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.repository == rhs.repository && lhs.details == rhs.details && lhs.languages == rhs.languages && lhs.phase == rhs.phase
            && lhs.refreshError == rhs.refreshError && lhs.isFavorite == rhs.isFavorite && lhs.now == rhs.now
    }
}

extension StatePage {
    /// The detail pane with no repository selected.
    public static var noRepositorySelected: StatePage {
        StatePage(name: "repositoryPlaceholder", icon: "folder-symbolic", title: tr("Select a Repository"),
                  description: tr("Pick a repository from Search or Favorites\nto see its details."))
    }
}
