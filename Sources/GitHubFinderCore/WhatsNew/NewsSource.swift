import Foundation

/// A favorite What's New checks: a repository for its new releases, a person for the public
/// repositories they create.
public struct NewsSource: Hashable, Sendable {
    public enum Kind: String, Sendable {
        case repository
        case person
    }

    public var kind: Kind
    /// The favorite's GitHub id (ids of repositories and of people are separate spaces).
    public var id: Int64
    /// `owner/name` of a repository, the login of a person.
    public var name: String
    /// The owner's avatar (a repository's) or the person's: a notification's icon.
    public var avatarURL: URL?

    public init(kind: Kind, id: Int64, name: String, avatarURL: URL? = nil) {
        self.kind = kind
        self.id = id
        self.name = name
        self.avatarURL = avatarURL
    }

    /// Its key in the database: `repository:ID` or `person:ID`.
    public var key: String { Self.key(kind, id) }

    public static func key(_ kind: Kind, _ id: Int64) -> String { "\(kind.rawValue):\(id)" }
}

/// One entry of What's New: a release of a favorite repository, or a repository a favorite
/// person created.
public struct NewsEntry: Hashable, Sendable, Identifiable {
    public enum Kind: String, Sendable {
        case release
        case repository
    }

    /// `release:REPOSITORY-ID:TAG` or `repository:REPOSITORY-ID`: one entry per thing, however
    /// often it is seen.
    public var id: String
    public var kind: Kind
    /// The favorite it came from (`NewsSource.key`).
    public var sourceKey: String
    /// The repository: the released one, or the new one.
    public var repositoryID: Int64
    public var fullName: String
    /// A release's tag; nil for a repository.
    public var tag: String?
    /// A release's name, or the new repository's description.
    public var title: String?
    /// The first lines of a release's notes (plain text).
    public var excerpt: String?
    /// When it was published or created.
    public var date: Date
    /// Its page on GitHub.
    public var htmlURL: URL?
    /// The owner's avatar.
    public var avatarURL: URL?
    /// Seen in What's New, or found before the user could have missed it (a favorite's first
    /// check finds what was already there: shown, never announced).
    public var isRead: Bool
    /// Found by a later check: it appeared while the favorite was known. Only these are ever
    /// announced in a notification.
    public var isNew: Bool

    public init(id: String, kind: Kind, sourceKey: String, repositoryID: Int64, fullName: String, tag: String? = nil, title: String? = nil, excerpt: String? = nil,
                date: Date, htmlURL: URL? = nil, avatarURL: URL? = nil, isRead: Bool = false, isNew: Bool = true) {
        self.id = id
        self.kind = kind
        self.sourceKey = sourceKey
        self.repositoryID = repositoryID
        self.fullName = fullName
        self.tag = tag
        self.title = title
        self.excerpt = excerpt
        self.date = date
        self.htmlURL = htmlURL
        self.avatarURL = avatarURL
        self.isRead = isRead
        self.isNew = isNew
    }

    /// "owner/name 2.0.0" for a release, "owner/name" for a repository.
    public var heading: String {
        tag.map { "\(fullName) \($0)" } ?? fullName
    }

    static func releaseID(repositoryID: Int64, tag: String) -> String { "release:\(repositoryID):\(tag)" }
    static func repositoryID(_ id: Int64) -> String { "repository:\(id)" }
}
