import Foundation
import GRDB

/// Starred repositories: `RepositoryFavorite`s in the `favorite_repository` table, listed by name
/// then owner, filtered on owner, name, "owner/name", description, note and tags. Signed in, a
/// star is also GitHub's, sent through the outbox (`StarChange`).
public enum Repositories: FavoriteKind {
    public typealias Favorite = RepositoryFavorite

    public enum Field: Int, FavoriteField {
        case fullName, ownerLogin, name, description, language, ownerAvatarURL, htmlURL, addedAt, note, tags
    }

    public struct Extra: Sendable {
        var stars: Int
        var ownerID: UserID?
    }

    /// What a repository's row shows.
    public struct Row: Sendable, Equatable {
        public var fullName: String
        public var description: String?
        public var language: String?
        public var stars: Int
        public var ownerAvatarURL: URL?
        /// The note's first line with text.
        public var note: String? = nil
        public var tags: [String] = []
    }

    public static let order = "name COLLATE NOCASE, ownerLogin COLLATE NOCASE"
    public static let uniqueNameColumn = "fullName"
    public static let starsOnGitHub = true
    public static let sectionField = Field.name
    /// Name then owner is the sort key (a shorter name first); "owner/name" is there to type.
    public static let searched: [SearchedText<Field>] = [.field(.name), .field(.ownerLogin, then: UInt8(ascii: "/")), .keyEnd, .field(.name),
                                                         .field(.description), .field(.note), .field(.tags)]
    public static let extraColumns = ["stars", "ownerID"]
    public static let typicalBytes = (text: 248, haystack: 98)

    public static func text(_ field: Field, of favorite: RepositoryFavorite) -> String? {
        switch field {
        case .fullName: favorite.fullName
        case .ownerLogin: favorite.ownerLogin
        case .name: favorite.name
        case .description: favorite.description
        case .language: favorite.language
        case .ownerAvatarURL: favorite.ownerAvatarURL?.absoluteString
        case .htmlURL: favorite.htmlURL?.absoluteString
        case .addedAt: String.fromDatabaseValue(favorite.addedAt.databaseValue)
        case .note: favorite.notes.note
        case .tags: FavoriteTags.stored(favorite.notes.tags)
        }
    }

    public static func extra(of favorite: RepositoryFavorite) -> Extra { Extra(stars: favorite.stars, ownerID: favorite.ownerID) }

    public static func extra(_ columns: ExtraColumns) -> Extra {
        Extra(stars: Int(columns.int(0)), ownerID: columns.isNull(1) ? nil : columns.int(1))
    }

    public static func row(_ entry: FavoriteEntry<Repositories>) -> Row {
        let notes = entry.notes
        return Row(fullName: entry[.fullName] ?? "", description: entry[.description], language: entry[.language], stars: entry.extra.stars,
                   ownerAvatarURL: entry.url(.ownerAvatarURL), note: notes.firstLine, tags: notes.tags)
    }

    public static func favorite(_ entry: FavoriteEntry<Repositories>) -> RepositoryFavorite {
        RepositoryFavorite(id: entry.id, fullName: entry[.fullName] ?? "", ownerLogin: entry[.ownerLogin] ?? "", ownerID: entry.extra.ownerID,
                           name: entry[.name] ?? "", description: entry[.description], language: entry[.language], stars: entry.extra.stars,
                           ownerAvatarURL: entry.url(.ownerAvatarURL), htmlURL: entry.url(.htmlURL), addedAt: entry.addedAt, notes: entry.notes)
    }

    public static func name(of favorite: RepositoryFavorite) -> String { favorite.fullName }

    public static let snapshotColumns = ["fullName", "ownerLogin", "ownerID", "name", "description", "language", "stars", "ownerAvatarURL", "htmlURL"]

    public static func snapshotValues(of favorite: RepositoryFavorite) -> [(any DatabaseValueConvertible)?] {
        [favorite.fullName, favorite.ownerLogin, favorite.ownerID, favorite.name, favorite.description, favorite.language, favorite.stars,
         favorite.ownerAvatarURL?.absoluteString, favorite.htmlURL?.absoluteString]
    }

    public static let notesAsideKind = "repository"
}

extension Repositories.Extra: FavoriteExtra {
    public static let snapshotByteCount = 17

    public func writeSnapshot(to bytes: UnsafeMutableRawPointer) {
        bytes.storeBytes(of: Int64(stars), toByteOffset: 0, as: Int64.self)
        bytes.storeBytes(of: ownerID ?? 0, toByteOffset: 8, as: Int64.self)
        bytes.storeBytes(of: ownerID == nil ? 0 : 1, toByteOffset: 16, as: UInt8.self)
    }

    public init?(snapshot bytes: UnsafeRawPointer) {
        let hasOwner = bytes.load(fromByteOffset: 16, as: UInt8.self)
        guard hasOwner <= 1 else { return nil }
        self.init(stars: Int(bytes.loadUnaligned(fromByteOffset: 0, as: Int64.self)),
                  ownerID: hasOwner == 1 ? bytes.loadUnaligned(fromByteOffset: 8, as: Int64.self) : nil)
    }
}
extension RepositoryFavorite: FavoriteSnapshot {
    public typealias Kind = Repositories
}
