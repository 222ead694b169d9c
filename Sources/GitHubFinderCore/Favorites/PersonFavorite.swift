import Foundation
import GRDB

/// A starred user: a snapshot of what the Favorites tab draws, so it renders with no network.
public struct PersonFavorite: Codable, Sendable, Hashable, Identifiable {
    /// GitHub's account id (stable across renames): the primary key.
    public var id: UserID
    public var login: String
    public var name: String?
    public var avatarURL: URL?
    public var type: AccountType
    public var profileURL: URL?
    public var addedAt: Date
    /// The note and tags; kept when the snapshot is refreshed from GitHub (see `AppDatabase.save`).
    public var notes: FavoriteNotes

    public init(id: UserID, login: String, name: String? = nil, avatarURL: URL? = nil, type: AccountType = .user, profileURL: URL? = nil, addedAt: Date = Date(),
                notes: FavoriteNotes = .none) {
        self.notes = notes
        self.id = id
        self.login = login
        self.name = name
        self.avatarURL = avatarURL
        self.type = type
        self.profileURL = profileURL
        self.addedAt = addedAt
    }

    /// The snapshot of a search result.
    public init(_ user: User, name: String? = nil, addedAt: Date = Date()) {
        self.init(id: user.id, login: user.login, name: name, avatarURL: user.avatarURL, type: user.type, profileURL: user.profileURL, addedAt: addedAt)
    }

    /// The snapshot of a full profile.
    public init(_ profile: UserProfile, addedAt: Date = Date()) {
        self.init(profile.user, name: profile.name, addedAt: addedAt)
    }

    /// The user this favorite stands for, e.g. to open its detail pane.
    public var user: User {
        User(id: id, login: login, avatarURL: avatarURL, profileURL: profileURL, type: type)
    }
}

extension PersonFavorite {
    enum CodingKeys: String, CodingKey {
        case id, login, name, avatarURL, type, profileURL, addedAt
    }

    /// A file's favorite (`FavoritesArchive`), its note and tags beside it (`FavoriteNotes`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try container.decode(UserID.self, forKey: .id), login: try container.decode(String.self, forKey: .login),
                  name: try container.decodeIfPresent(String.self, forKey: .name), avatarURL: try container.decodeIfPresent(URL.self, forKey: .avatarURL),
                  type: try container.decode(AccountType.self, forKey: .type), profileURL: try container.decodeIfPresent(URL.self, forKey: .profileURL),
                  addedAt: try container.decode(Date.self, forKey: .addedAt),
                  notes: try FavoriteNotes(fileFavorite: decoder))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(login, forKey: .login)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(avatarURL, forKey: .avatarURL)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(profileURL, forKey: .profileURL)
        try container.encode(addedAt, forKey: .addedAt)
        try notes.encode(fileFavorite: encoder)
    }
}

extension PersonFavorite: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "favorite"

    /// Reads columns by position (the order of the v1 schema and `databaseSelection`): decoding
    /// 100,000 favorites this way takes a fraction of what `Codable` through `Row` takes.
    public static var databaseSelection: [any SQLSelectable] {
        [Columns.id, Columns.login, Columns.name, Column("avatarURL"), Column("type"), Column("profileURL"), Columns.addedAt, Column("note"), Column("tags")]
    }

    /// The snapshot's columns only: saving a snapshot never touches its note and tags
    /// (`AppDatabase.save` writes those when the snapshot carries some).
    public func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["login"] = login
        container["name"] = name
        container["avatarURL"] = avatarURL?.absoluteString
        container["type"] = type
        container["profileURL"] = profileURL?.absoluteString
        container["addedAt"] = addedAt
    }

    public init(row: Row) throws {
        id = row[0]
        login = row[1]
        name = row[2]
        avatarURL = (row[3] as String?).flatMap(URL.init(string:))
        type = AccountType(apiValue: row[4])
        profileURL = (row[5] as String?).flatMap(URL.init(string:))
        addedAt = row[6]
        notes = row.count > 8 ? FavoriteNotes(storedNote: row[7], storedTags: row[8]) : .none
    }

    /// Column names, as in the GRDB demo apps.
    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let login = Column(CodingKeys.login)
        static let name = Column(CodingKeys.name)
        static let addedAt = Column(CodingKeys.addedAt)
    }
}

extension AccountType: DatabaseValueConvertible {}
