import Foundation
import GRDB

/// Why the favorites database could not be used, or a read or write failed. A file is never
/// deleted: a damaged one found at start is moved aside (see `FavoritesRecovery`).
public enum FavoritesStoreError: Error, Equatable, Sendable {
    /// The file or its folder could not be opened or created.
    case cannotOpen(path: String, reason: String)
    /// The file is not a database, or is damaged (found after it was opened: at start a damaged
    /// file is moved aside instead).
    case corrupt(path: String)
    /// The file or disk refuses writes.
    case readOnly(path: String)
    /// The disk is full.
    case diskFull
    /// Any other failure of a read or write.
    case failed(reason: String)

    /// Maps a GRDB/SQLite error for the file at `path`.
    static func from(_ error: any Error, path: String) -> FavoritesStoreError {
        if let error = error as? FavoritesStoreError { return error }
        guard let error = error as? DatabaseError else { return .failed(reason: String(describing: error)) }
        switch error.resultCode {
        case .SQLITE_NOTADB, .SQLITE_CORRUPT: return .corrupt(path: path)
        case .SQLITE_READONLY: return .readOnly(path: path)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH: return .cannotOpen(path: path, reason: error.message ?? "cannot open")
        case .SQLITE_FULL: return .diskFull
        default: return .failed(reason: error.message ?? "SQLite error \(error.resultCode.rawValue)")
        }
    }
}

extension FavoritesStoreError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .cannotOpen(let path, let reason): tr("Favorites could not be opened ({reason}): {path}", ["reason": reason, "path": path])
        case .corrupt(let path): tr("The favorites database is damaged. It was left untouched at {path}.", ["path": path])
        case .readOnly(let path): tr("The favorites database is read-only: {path}", ["path": path])
        case .diskFull: tr("The disk is full: favorites cannot be saved.")
        case .failed(let reason): tr("Favorites could not be saved: {reason}", ["reason": reason])
        }
    }
}

extension FavoritesStoreError {
    /// What the Favorites tab says when the file could not be used and favorites live in memory.
    public var sessionOnlyMessage: String {
        "\(localizedDescription) Favorites you star now are kept only until GitHub Finder quits."
    }
}
