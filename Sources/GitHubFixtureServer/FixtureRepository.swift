import Foundation

/// One repository of the data set (`data/fixtures/github-repositories.json`).
public struct FixtureRepository: Sendable, Hashable {
    public var id: Int64
    public var ownerID: Int64
    public var name: String
    public var description: String?
    public var language: String?
    public var stars: Int
    public var forks: Int
    /// Epoch seconds.
    public var pushedAt: Int
    public var createdAt: Int
    public var updatedAt: Int
    public var isFork: Bool
    public var isArchived: Bool
    public var isTemplate: Bool
    public var openIssues: Int
    /// Open issues labelled "help wanted": what `sort=help-wanted-issues` orders by.
    public var helpWantedIssues: Int
    /// Watchers in today's sense (`subscribers_count`); `watchers_count` is the stars.
    public var subscribers: Int
    /// Kilobytes, as GitHub reports it.
    public var size: Int
    public var topics: [String]
    /// A licence key (`mit`, `apache-2.0`, `other`, …).
    public var license: String?
    /// Not always a web address: some are `javascript:` or have no scheme, as on GitHub.
    public var homepage: String?
    public var defaultBranch: String
    /// `owner/name` of the repository a fork was made from.
    public var parent: String?

    /// A row of the data file, read by the column names the file lists (see
    /// `scripts/fixture_repositories.py`). The id is the owner's id * 1000 + the row's index.
    init?(row: [Any], columns: [String: Int], ownerID: Int64, index: Int) {
        func value(_ name: String) -> Any? { columns[name].flatMap { $0 < row.count ? row[$0] : nil } }
        func int(_ name: String) -> Int { (value(name) as? NSNumber)?.intValue ?? 0 }
        func text(_ name: String) -> String? { value(name) as? String }
        guard let name = text("name") else { return nil }
        let flags = int("flags")
        id = ownerID * 1_000 + Int64(index)
        self.ownerID = ownerID
        self.name = name
        description = text("description")
        language = text("language")
        stars = int("stargazers_count")
        forks = int("forks_count")
        pushedAt = int("pushed_at")
        createdAt = int("created_at")
        updatedAt = int("updated_at")
        isFork = flags & 1 != 0
        isArchived = flags & 2 != 0
        isTemplate = flags & 4 != 0
        openIssues = int("open_issues_count")
        helpWantedIssues = int("help_wanted_issues")
        subscribers = int("subscribers_count")
        size = int("size")
        topics = value("topics") as? [String] ?? []
        license = text("license")
        homepage = text("homepage")
        defaultBranch = text("default_branch") ?? "main"
        parent = text("parent")
    }
}
