import Foundation

/// Export Favorites… and Import Favorites… of the window: the database of the server in use
/// written to, or merged from, a file the user chose. Reading, checking and writing run off the
/// main thread; the answer is what the window says (a toast, or an alert for a refused file).
public struct FavoritesFiles: Sendable {
    let database: AppDatabase
    let server: URL
    let now: @Sendable () -> Date

    public init(database: AppDatabase, server: URL, now: @escaping @Sendable () -> Date = Date.init) {
        self.database = database
        self.server = server
        self.now = now
    }

    /// What an export or import came to, in the user's words.
    public enum Outcome: Equatable, Sendable {
        /// Done: a toast says what.
        case done(String)
        /// Refused or failed, nothing changed: an alert says why.
        case failed(Alert)
    }

    /// The name the save dialog suggests: "GitHub Finder favorites 2026-11-25.json", with the
    /// server's name for another server than github.com.
    public func suggestedName(format: FavoritesArchive.FileFormat = .json) -> String {
        let day = now().formatted(Date.ISO8601FormatStyle().year().month().day())
        let server = ServerAddress.windowSubtitle(self.server).map { " \($0)" } ?? ""
        return tr("GitHub Finder favorites") + server + " " + day + "." + format.rawValue
    }

    /// Writes every favorite to `url` (JSON, or CSV for a `.csv` name).
    public func export(to url: URL) async -> Outcome {
        let (database, server, date) = (database, server, now())
        return await Task.detached(priority: .userInitiated) { () -> Outcome in
            do {
                let archive = try database.exportArchive(server: server, at: date)
                try archive.write(to: url, format: FavoritesArchive.FileFormat(url: url) ?? .json)
                return .done(trn("Exported {count} favorite to {name}", "Exported {count} favorites to {name}", archive.count,
                                 ["count": String(archive.count), "name": url.lastPathComponent]))
            } catch {
                return .failed(Alert(title: tr("Favorites Not Exported"), message: (error as? any LocalizedError)?.errorDescription ?? "\(error)"))
            }
        }.value
    }

    /// Merges the file at `url` into the favorites: all of it, or, when anything in it is wrong
    /// or it belongs to another server, none of it.
    public func `import`(from url: URL) async -> (Outcome, FavoritesImportSummary?) {
        let (database, server, date) = (database, server, now())
        return await Task.detached(priority: .userInitiated) { () -> (Outcome, FavoritesImportSummary?) in
            do {
                let archive = try FavoritesArchive.read(from: url, into: server)
                let summary = try database.importArchive(archive, at: date)
                return (.done(summary.message), summary)
            } catch {
                return (.failed(Alert(title: tr("Favorites Not Imported"), message: (error as? any LocalizedError)?.errorDescription ?? "\(error)")), nil)
            }
        }.value
    }
}
