import Foundation

/// A repository's page (`GET /repos/{owner}/{repo}`): the list fields and what only the page has.
public struct RepositoryDetails: Sendable, Hashable {
    public var repository: Repository
    /// The project's own site: only http(s) is kept, anything else is never opened.
    public var homepage: URL?
    /// The licence's name as GitHub detected it ("MIT License"); nil when there is none.
    public var license: String?
    /// People watching it (`subscribers_count`; GitHub's `watchers_count` is the stars).
    public var watchers: Int
    public var openIssues: Int
    public var defaultBranch: String?
    public var createdAt: Date?
    /// What it was forked from, for a fork.
    public var parent: Repository?

    public init(repository: Repository, homepage: URL? = nil, license: String? = nil, watchers: Int = 0, openIssues: Int = 0,
                defaultBranch: String? = nil, createdAt: Date? = nil, parent: Repository? = nil) {
        self.repository = repository
        self.homepage = homepage
        self.license = license
        self.watchers = watchers
        self.openIssues = openIssues
        self.defaultBranch = defaultBranch
        self.createdAt = createdAt
        self.parent = parent
    }
}

/// One language of a repository and its share of the code.
public struct LanguageShare: Sendable, Hashable {
    public var name: String
    public var bytes: Int
    /// 0…100, of all the repository's bytes.
    public var percent: Double

    /// The shares of `bytes` per language, largest first (then by name), as the languages bar shows them.
    public static func shares(_ bytes: [String: Int]) -> [LanguageShare] {
        let counted = bytes.filter { !$0.key.isEmpty && $0.value > 0 }
        let total = counted.values.reduce(0, +)
        guard total > 0 else { return [] }
        return counted.map { LanguageShare(name: $0.key, bytes: $0.value, percent: Double($0.value) * 100 / Double(total)) }
            .sorted { ($0.bytes, $1.name) > ($1.bytes, $0.name) }
    }
}
