import Foundation

/// Why a favorites file was refused. Nothing is written when any of these is thrown: the file
/// is read and checked whole first.
public enum FavoritesArchiveError: Error, Equatable, Sendable {
    /// The file could not be read or written.
    case unreadable(path: String, reason: String)
    /// Not JSON at all, or not its outer shape.
    case notJSON(String)
    /// JSON, but not a GitHub Finder favorites file.
    case notFavorites
    /// Made by a newer GitHub Finder, with a schema this one does not know.
    case newerVersion(Int)
    /// A favorites file with something wrong: what and where.
    case invalid(String)
    /// The favorites belong to another server than the one they would be imported into.
    case otherServer(file: URL, current: URL)
    /// The name ends in neither `.json` nor `.csv`.
    case unknownFormat(String)
}

extension FavoritesArchiveError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason): tr("{path} could not be used: {reason}", ["path": path, "reason": reason])
        case .notJSON(let detail): tr("This is not a favorites file ({detail}).", ["detail": detail])
        case .notFavorites: tr("This JSON file is not a GitHub Finder favorites file.")
        case .newerVersion(let version):
            tr("This favorites file was made by a newer GitHub Finder (version {version}). Update GitHub Finder to import it.", ["version": String(version)])
        case .invalid(let detail): tr("This favorites file is damaged: {detail}. Nothing was imported.", ["detail": detail])
        case .otherServer(let file, let current):
            tr("These favorites are from {file}, not {current}. Switch to {file} in Preferences to import them.",
               ["file": ServerAddress.displayName(file), "current": ServerAddress.displayName(current)])
        case .unknownFormat(let name): tr("{name}: favorites files end in .json or .csv.", ["name": name])
        }
    }
}
