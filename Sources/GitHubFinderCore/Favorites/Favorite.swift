import Foundation
import GRDB

/// A starred user: a snapshot of what the Favorites tab draws, so it renders with no network.
public struct Favorite: Codable, Sendable, Hashable, Identifiable {
    /// GitHub's account id (stable across renames): the primary key.
    public var id: UserID
    public var login: String
    public var name: String?
    public var avatarURL: URL?
    public var type: AccountType
    public var profileURL: URL?
    public var addedAt: Date

    public init(id: UserID, login: String, name: String? = nil, avatarURL: URL? = nil, type: AccountType = .user, profileURL: URL? = nil, addedAt: Date = Date()) {
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

extension Favorite: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "favorite"

    /// Reads columns by position (the order of the v1 schema and `databaseSelection`): decoding
    /// 100,000 favorites this way takes a fraction of what `Codable` through `Row` takes.
    public static var databaseSelection: [any SQLSelectable] {
        [Columns.id, Columns.login, Columns.name, Column("avatarURL"), Column("type"), Column("profileURL"), Columns.addedAt]
    }

    public init(row: Row) throws {
        id = row[0]
        login = row[1]
        name = row[2]
        avatarURL = (row[3] as String?).flatMap(URL.init(string:))
        type = AccountType(apiValue: row[4])
        profileURL = (row[5] as String?).flatMap(URL.init(string:))
        addedAt = row[6]
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
