import Foundation
import GRDB

/// Starred people: `PersonFavorite`s in the `favorite` table, listed by login, filtered on login,
/// name, note and tags. A star is the app's own (following on GitHub is another thing).
public enum People: FavoriteKind {
    public typealias Favorite = PersonFavorite

    public enum Field: Int, FavoriteField {
        case login, name, avatarURL, profileURL, addedAt, note, tags
    }

    /// What a person's row shows.
    public struct Row: Sendable, Equatable {
        public var login: String
        public var name: String?
        public var avatarURL: URL?
        public var type: AccountType
        /// The note's first line with text.
        public var note: String? = nil
        public var tags: [String] = []
    }

    public static let order = "login COLLATE NOCASE"
    public static let uniqueNameColumn = "login"
    public static let starsOnGitHub = false
    public static let sectionField = Field.login
    public static let searched: [SearchedText<Field>] = [.field(.login), .keyEnd, .field(.name), .field(.note), .field(.tags)]
    public static let extraColumns = ["type"]
    public static let typicalBytes = (text: 140, haystack: 34)

    public static func text(_ field: Field, of favorite: PersonFavorite) -> String? {
        switch field {
        case .login: favorite.login
        case .name: favorite.name
        case .avatarURL: favorite.avatarURL?.absoluteString
        case .profileURL: favorite.profileURL?.absoluteString
        case .addedAt: String.fromDatabaseValue(favorite.addedAt.databaseValue)
        case .note: favorite.notes.note
        case .tags: FavoriteTags.stored(favorite.notes.tags)
        }
    }

    public static func extra(of favorite: PersonFavorite) -> AccountType { favorite.type }

    public static func extra(_ columns: ExtraColumns) -> AccountType {
        // Nearly every account is a "User": no String made for it.
        guard let type = columns.bytes(0) else { return .user }
        return type.count == 4 && type.first == UInt8(ascii: "U") ? .user : AccountType(apiValue: String(decoding: type, as: UTF8.self))
    }

    public static func row(_ entry: FavoriteEntry<People>) -> Row {
        let notes = entry.notes
        return Row(login: entry[.login] ?? "", name: entry[.name], avatarURL: entry.url(.avatarURL), type: entry.extra, note: notes.firstLine, tags: notes.tags)
    }

    public static func favorite(_ entry: FavoriteEntry<People>) -> PersonFavorite {
        PersonFavorite(id: entry.id, login: entry[.login] ?? "", name: entry[.name], avatarURL: entry.url(.avatarURL), type: entry.extra,
                       profileURL: entry.url(.profileURL), addedAt: entry.addedAt, notes: entry.notes)
    }

    public static func name(of favorite: PersonFavorite) -> String { favorite.login }

    public static let snapshotColumns = ["login", "name", "avatarURL", "type", "profileURL"]

    public static func snapshotValues(of favorite: PersonFavorite) -> [(any DatabaseValueConvertible)?] {
        [favorite.login, favorite.name, favorite.avatarURL?.absoluteString, favorite.type, favorite.profileURL?.absoluteString]
    }

    public static let notesAsideKind = "person"
}

extension AccountType: FavoriteExtra {
    public static let snapshotByteCount = 1

    public func writeSnapshot(to bytes: UnsafeMutableRawPointer) {
        bytes.storeBytes(of: self == .user ? 0 : self == .organization ? 1 : 2, as: UInt8.self)
    }

    public init?(snapshot bytes: UnsafeRawPointer) {
        switch bytes.load(as: UInt8.self) {
        case 0: self = .user
        case 1: self = .organization
        case 2: self = .bot
        default: return nil
        }
    }
}
extension PersonFavorite: FavoriteSnapshot {
    public typealias Kind = People
}
