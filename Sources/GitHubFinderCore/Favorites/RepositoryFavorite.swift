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

    public init(id: Int64, fullName: String, ownerLogin: String, ownerID: UserID? = nil, name: String, description: String? = nil, language: String? = nil,
                stars: Int = 0, ownerAvatarURL: URL? = nil, htmlURL: URL? = nil, addedAt: Date = Date()) {
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

extension RepositoryFavorite: FetchableRecord, PersistableRecord {
    public static let databaseTableName = "favorite_repository"

    /// Column names, as in the GRDB demo apps.
    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let fullName = Column(CodingKeys.fullName)
        static let ownerLogin = Column(CodingKeys.ownerLogin)
        static let name = Column(CodingKeys.name)
        static let addedAt = Column(CodingKeys.addedAt)
    }
}
