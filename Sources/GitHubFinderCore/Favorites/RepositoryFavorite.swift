import Foundation
import GRDB

/// A starred repository: a snapshot of what the Favorites tab draws, so it renders with no network.
public struct RepositoryFavorite: Codable, Sendable, Hashable, Identifiable {
    /// GitHub's repository id (stable across renames and transfers): the primary key.
    public var id: Int64
    /// "owner/name", unique regardless of case.
    public var fullName: String
    public var ownerLogin: String
    /// The owner's account id, when the snapshot was made from a result that named the owner.
    public var ownerID: UserID?
    public var name: String
    public var description: String?
    public var language: String?
    public var stars: Int
    public var ownerAvatarURL: URL?
    public var htmlURL: URL?
    public var addedAt: Date
    /// The note and tags; kept when the snapshot is refreshed from GitHub.
    public var notes: FavoriteNotes

    public init(id: Int64, fullName: String, ownerLogin: String, ownerID: UserID? = nil, name: String, description: String? = nil, language: String? = nil,
                stars: Int = 0, ownerAvatarURL: URL? = nil, htmlURL: URL? = nil, addedAt: Date = Date(), notes: FavoriteNotes = .none) {
        self.notes = notes
        self.id = id
        self.fullName = fullName
        self.ownerLogin = ownerLogin
        self.ownerID = ownerID
        self.name = name
        self.description = description
        self.language = language
        self.stars = stars
        self.ownerAvatarURL = ownerAvatarURL
        self.htmlURL = htmlURL
        self.addedAt = addedAt
    }

    /// The snapshot of a search result or repository page. An owner the result leaves out is
    /// taken from `fullName`.
    public init(_ repository: Repository, addedAt: Date = Date()) {
        let ownerLogin = repository.owner?.login ?? String(repository.fullName.prefix { $0 != "/" })
        self.init(id: repository.id, fullName: repository.fullName, ownerLogin: ownerLogin, ownerID: repository.owner?.id, name: repository.name,
                  description: repository.description, language: repository.language, stars: repository.stars,
                  ownerAvatarURL: repository.owner?.avatarURL, htmlURL: repository.htmlURL, addedAt: addedAt)
    }

    /// The repository this favorite stands for, e.g. to open its detail pane (which loads the
    /// rest). The owner is only known when its id was.
    public var repository: Repository {
        let owner = ownerID.map { User(id: $0, login: ownerLogin, avatarURL: ownerAvatarURL, profileURL: nil, type: .user) }
        return Repository(id: id, name: name, fullName: fullName, description: description, language: language, stars: stars, forks: 0,
                          isFork: false, isArchived: false, pushedAt: nil, htmlURL: htmlURL, owner: owner)
    }
}

extension RepositoryFavorite {
    enum CodingKeys: String, CodingKey {
        case id, fullName, ownerLogin, ownerID, name, description, language, stars, ownerAvatarURL, htmlURL, addedAt
    }

    /// A file's repository (`FavoritesArchive`), its note and tags beside it (`FavoriteNotes`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(Int64.self, forKey: .id), fullName: try container.decode(String.self, forKey: .fullName),
                  ownerLogin: try container.decode(String.self, forKey: .ownerLogin), ownerID: try container.decodeIfPresent(UserID.self, forKey: .ownerID),
                  name: try container.decode(String.self, forKey: .name), description: try container.decodeIfPresent(String.self, forKey: .description),
                  language: try container.decodeIfPresent(String.self, forKey: .language), stars: try container.decode(Int.self, forKey: .stars),
                  ownerAvatarURL: try container.decodeIfPresent(URL.self, forKey: .ownerAvatarURL),
                  htmlURL: try container.decodeIfPresent(URL.self, forKey: .htmlURL), addedAt: try container.decode(Date.self, forKey: .addedAt),
                  notes: try FavoriteNotes(fileFavorite: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(fullName, forKey: .fullName)
        try container.encode(ownerLogin, forKey: .ownerLogin)
        try container.encodeIfPresent(ownerID, forKey: .ownerID)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(description, forKey: .description)
        try container.encodeIfPresent(language, forKey: .language)
        try container.encode(stars, forKey: .stars)
        try container.encodeIfPresent(ownerAvatarURL, forKey: .ownerAvatarURL)
        try container.encodeIfPresent(htmlURL, forKey: .htmlURL)
        try container.encode(addedAt, forKey: .addedAt)
        try notes.encode(fileFavorite: encoder)
    }
}

extension RepositoryFavorite: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "favorite_repository"

    public init(row: Row) throws {
        self.init(id: row["id"], fullName: row["fullName"], ownerLogin: row["ownerLogin"], ownerID: row["ownerID"], name: row["name"],
                  description: row["description"], language: row["language"], stars: row["stars"],
                  ownerAvatarURL: (row["ownerAvatarURL"] as String?).flatMap(URL.init(string:)), htmlURL: (row["htmlURL"] as String?).flatMap(URL.init(string:)),
                  addedAt: row["addedAt"], notes: row.hasColumn("tags") ? FavoriteNotes(storedNote: row["note"], storedTags: row["tags"]) : .none)
    }

    /// The snapshot's columns only: saving a snapshot never touches its note and tags.
    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["fullName"] = fullName
        container["ownerLogin"] = ownerLogin
        container["ownerID"] = ownerID
        container["name"] = name
        container["description"] = description
        container["language"] = language
        container["stars"] = stars
        container["ownerAvatarURL"] = ownerAvatarURL?.absoluteString
        container["htmlURL"] = htmlURL?.absoluteString
        container["addedAt"] = addedAt
    }

    /// Column names, as in the GRDB demo apps.
    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let fullName = Column(CodingKeys.fullName)
        static let ownerLogin = Column(CodingKeys.ownerLogin)
        static let name = Column(CodingKeys.name)
        static let addedAt = Column(CodingKeys.addedAt)
    }
}
