import Foundation

/// What `AppDatabase.open` did with a favorites file it found damaged: the file (with its
/// `-wal` and `-shm`) was moved aside unchanged and a fresh, empty database was started in its
/// place. The Favorites tab tells the user where the old file is.
public struct FavoritesRecovery: Equatable, Sendable {
    /// Where the damaged file was, and where the fresh database now is.
    public var originalPath: String
    /// Where the damaged file is now, byte for byte as it was found.
    public var movedTo: String

    public init(originalPath: String, movedTo: String) {
        self.originalPath = originalPath
        self.movedTo = movedTo
    }

    /// The sentence the Favorites tab shows.
    public var message: String {
        // TRANSLATORS: {path} is where the damaged file now is.
        tr("Your favorites database was damaged. It was moved to {path} and a new, empty one was started.", ["path": movedTo])
    }
}
