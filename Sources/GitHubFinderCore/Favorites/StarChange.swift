import Foundation
import GRDB

/// A star or unstar waiting in the outbox to be sent to GitHub, in the order they were made;
/// kept in the database so it survives going offline and restarts.
public struct StarChange: Codable, Sendable, Hashable, Identifiable {
    public enum Action: String, Codable, Sendable, Hashable {
        case star
        case unstar
    }

    /// The outbox order; nil until enqueued.
    public var id: Int64?
    public var repositoryID: Int64
    /// "owner/name": what the request names (GitHub's star API takes owner and name, not the id).
    public var fullName: String
    public var action: Action
    public var enqueuedAt: Date
    /// The account that made it (nil: not known when it was made): only that account sends it.
    public var login: String?

    public init(id: Int64? = nil, repositoryID: Int64, fullName: String, action: Action, enqueuedAt: Date = Date(), login: String? = nil) {
        self.id = id
        self.repositoryID = repositoryID
        self.fullName = fullName
        self.action = action
        self.enqueuedAt = enqueuedAt
        self.login = login
    }

    /// Whether the account `login` (nil: not known yet) may send it.
    public func belongs(to login: String?) -> Bool {
        self.login == nil || self.login?.lowercased() == login?.lowercased()
    }
}

/// What a star or unstar does to the outbox, written in the same transaction as the star: a star
/// GitHub must hear of never exists on disk without its change waiting to be sent.
public enum StarOutboxUpdate: Sendable, Hashable {
    /// The outbox is left as it is (a sync, an import: GitHub already has it, or is asked later).
    case unchanged
    /// Signed in: this change is queued, replacing one still pending for the repository.
    case enqueue(StarChange)
    /// Signed out: the change stays local, and one still pending for the repository is void.
    case dropPending
}

extension StarChange: FetchableRecord, MutablePersistableRecord {
    public static let databaseTableName = "star_outbox"

    public mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }

    /// Column names, as in the GRDB demo apps.
    public enum Columns {
        static let id = Column(CodingKeys.id)
        static let repositoryID = Column(CodingKeys.repositoryID)
    }
}

extension StarChange.Action: DatabaseValueConvertible {}
