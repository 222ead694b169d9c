import Foundation

/// A repository the signed-in user starred, and when, if GitHub said (it does when asked for
/// `application/vnd.github.star+json`).
public struct StarredRepository: Sendable, Hashable {
    public var repository: Repository
    public var starredAt: Date?

    public init(_ repository: Repository, starredAt: Date? = nil) {
        self.repository = repository
        self.starredAt = starredAt
    }
}
