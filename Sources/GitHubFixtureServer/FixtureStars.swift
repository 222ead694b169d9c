import Foundation
import Synchronization

/// Who starred which repository through the double, kept in memory for its lifetime. The data
/// set's star counts are not changed by it.
final class FixtureStars: Sendable {
    struct Star: Sendable, Equatable {
        var repositoryID: Int64
        var starredAt: Date
    }

    /// Stars per lowercased login, oldest first.
    private let storage = Mutex([String: [Star]]())

    /// Idempotent, as GitHub's PUT is: starring again keeps the first time.
    func star(_ repositoryID: Int64, by login: String, at date: Date = Date()) {
        storage.withLock { stars in
            if stars[login.lowercased(), default: []].contains(where: { $0.repositoryID == repositoryID }) { return }
            stars[login.lowercased(), default: []].append(Star(repositoryID: repositoryID, starredAt: date))
        }
    }

    func unstar(_ repositoryID: Int64, by login: String) {
        storage.withLock { $0[login.lowercased()]?.removeAll { $0.repositoryID == repositoryID } }
    }

    func isStarred(_ repositoryID: Int64, by login: String) -> Bool {
        storage.withLock { $0[login.lowercased()]?.contains { $0.repositoryID == repositoryID } ?? false }
    }

    /// The login's stars, oldest first.
    func stars(of login: String) -> [Star] {
        storage.withLock { $0[login.lowercased()] ?? [] }
    }
}
