import Foundation
import GRDB

/// What GNOME Shell shows for one result: a name and a line under it.
public struct ShellSearchMeta: Equatable, Sendable {
    public var id: String
    public var name: String
    public var description: String
    /// The favorite's avatar as the window kept it (`AvatarFiles`); nil: the app's icon.
    public var icon: URL? = nil
}

/// What activating a result opens.
public enum ShellSearchTarget: Equatable, Sendable {
    case person(User)
    case repository(Repository)
    /// A recent search: searched again in its scope.
    case search(String, SearchScope)
}

/// GNOME Shell's search over the favorites of the server in use, from the database alone (no
/// network): people by login, name, note and tags, repositories by `owner/name`, description,
/// note and tags, case- and
/// accent-insensitive, best matches first, at most 10. The folded index is read once and kept;
/// it is read again when the database changed (SQLite's `data_version`, which counts commits of
/// other connections: the window's, the command line's) or the server did. Results are
/// `person:<id>` and `repository:<id>`. Used from one thread (GLib's main loop).
public final class ShellSearch: @unchecked Sendable {
    public static let limit = 10
    /// The favorites file of the server in use now.
    private let file: () -> URL
    /// Where the window keeps favorites' avatars (nil: results have the app's icon).
    private let avatarFolder: URL?
    /// People GitHub found, when Preferences lets the Shell ask it (`results(_:)`).
    public let github: ShellGitHubSearch?
    /// Whether the user lets the Shell ask GitHub (read at each search: Preferences may change).
    private let asksGitHub: @Sendable () -> Bool
    private var database: (file: URL, queue: DatabaseQueue)?
    private var index: (version: Int, index: ShellSearchIndex)?

    public init(file: @escaping () -> URL, avatarFolder: URL? = nil, github: ShellGitHubSearch? = nil, asksGitHub: @escaping @Sendable () -> Bool = { false }) {
        self.file = file
        self.avatarFolder = avatarFolder
        self.github = github
        self.asksGitHub = asksGitHub
    }

    /// Whether `results(_:local:)` will ask GitHub for these terms (the reply must wait for it).
    public var asksGitHubNow: Bool { github != nil && asksGitHub() }

    /// The favorites and recent searches matching `terms` (`local`, from `resultIDs`), then the
    /// people GitHub finds that are not among them, at most `limit` in all.
    public func withGitHub(_ terms: [String], local: [String]) async -> [String] {
        guard let github, local.count < Self.limit else { return local }
        let people = await github.people(for: terms)
        let found = people.filter { !local.contains("person:\($0.id)") }.map(ShellGitHubSearch.id)
        return Array((local + found).prefix(Self.limit))
    }

    /// The ids of the best matches of `terms` (every term must match).
    public func resultIDs(_ terms: [String]) -> [String] {
        guard let index = currentIndex() else { return [] }
        return index.search(terms, limit: Self.limit).map { entry in
            switch entry.kind {
            case .person: "person:\(entry.id)"
            case .repository: "repository:\(entry.id)"
            case .search: "search:\(index.searches[Int(entry.id)].scope.rawValue):\(index.searches[Int(entry.id)].query)"
            }
        }
    }

    /// Names and descriptions of `ids`, in their order; ids no longer favorites are left out.
    public func metas(_ ids: [String]) -> [ShellSearchMeta] {
        ids.compactMap { id in
            switch favorite(id) {
            case .person(let favorite, let followers)?: withIcon(Self.meta(id, favorite, followers: followers), favorite.avatarURL)
            case .repository(let favorite)?: withIcon(Self.meta(id, favorite), favorite.ownerAvatarURL)
            case .search(let query, let scope)?: ShellSearchMeta(id: id, name: query, description: Self.searchLine(scope))
            case .github?: github?.meta(id)
            case nil: nil
            }
        }
    }

    private func withIcon(_ meta: ShellSearchMeta, _ avatar: URL?) -> ShellSearchMeta {
        var meta = meta
        meta.icon = avatarFolder.flatMap { AvatarFiles.existingFile(for: avatar, in: $0) }
        return meta
    }

    /// The favorite behind `id`, or nil when it is not one (any more).
    public func target(_ id: String) -> ShellSearchTarget? {
        favorite(id).map { favorite in
            switch favorite {
            case .person(let favorite, _): .person(favorite.user)
            case .repository(let favorite): .repository(favorite.repository)
            case .search(let query, let scope): .search(query, scope)
            case .github(let user): .person(user)
            }
        }
    }

    private enum Favorited {
        /// With its follower count when its profile was last seen.
        case person(PersonFavorite, followers: Int?)
        case repository(RepositoryFavorite)
        case search(String, SearchScope)
        case github(User)
    }

    /// "Recent search · People".
    static func searchLine(_ scope: SearchScope) -> String {
        tr("Recent search · {scope}", ["scope": scope.title])
    }

    private func favorite(_ id: String) -> Favorited? {
        // A recent search's id holds its scope and query, which may hold colons.
        let search = id.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
        if search.count == 3, search[0] == "search", let scope = SearchScope(rawValue: String(search[1])), !search[2].isEmpty {
            return .search(String(search[2]), scope)
        }
        if id.hasPrefix("github:") { return github?.person(id).map(Favorited.github) }
        let parts = id.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let key = Int64(parts[1]), let queue = queue() else { return nil }
        return try? queue.read { db in
            switch parts[0] {
            // `*`: a file the app has not migrated yet has no notes (the columns' order is the record's).
            case "person":
                try PersonFavorite.fetchOne(db, sql: "SELECT * FROM favorite WHERE id = ?", arguments: [key]).map { favorite in
                    let followers = try db.tableExists("favorite_profile")
                        ? Int.fetchOne(db, sql: "SELECT seenFollowers FROM favorite_profile WHERE favoriteID = ?", arguments: [key]) : nil
                    return Favorited.person(favorite, followers: followers)
                }
            case "repository": try RepositoryFavorite.fetchOne(db, sql: "SELECT * FROM favorite_repository WHERE id = ?", arguments: [key]).map(Favorited.repository)
            default: nil
            }
        }
    }

    /// "octocat · Organization · 1.2k followers · met at GUADEC", the note's first line cut short.
    private static func meta(_ id: String, _ favorite: PersonFavorite, followers: Int?) -> ShellSearchMeta {
        let name = favorite.name.flatMap { $0.isEmpty ? nil : $0 } ?? favorite.login
        var parts = name == favorite.login ? [] : [favorite.login]
        switch favorite.type {
        case .organization: parts.append(tr("Organization"))
        case .bot: parts.append(tr("Bot"))
        case .user: break
        }
        if let followers {
            parts.append(trn("{count} follower", "{count} followers", followers, ["count": NumberText.compact(followers)]))
        }
        parts += noteParts(favorite.notes)
        return ShellSearchMeta(id: id, name: name, description: parts.joined(separator: " · "))
    }

    private static func meta(_ id: String, _ favorite: RepositoryFavorite) -> ShellSearchMeta {
        let parts = [favorite.description.flatMap { $0.isEmpty ? nil : $0 }, favorite.language,
                     tr("★ {count}", ["count": NumberText.compact(favorite.stars)])].compactMap { $0 } + noteParts(favorite.notes)
        return ShellSearchMeta(id: id, name: favorite.fullName, description: parts.joined(separator: " · "))
    }

    /// The note's first line (at most 60 characters) and the tags, for a result's line.
    private static func noteParts(_ notes: FavoriteNotes) -> [String] {
        let note = notes.firstLine.map { $0.count > 60 ? String($0.prefix(59)) + "…" : $0 }
        return [note, notes.tags.isEmpty ? nil : notes.tags.joined(separator: ", ")].compactMap { $0 }
    }

    private func queue() -> DatabaseQueue? {
        let file = file()
        if let database, database.file == file { return database.queue }
        index = nil
        database = nil
        // Nothing starred on this server yet: nothing to find, and no file made for it.
        // Read-only, on a connection of its own (one connection, so `data_version` is one
        // counter), with no check or migration: the app does those when it opens the file, and a
        // damaged or older file only finds less. Nothing starred on this server yet: nothing to
        // find, and no file made for it.
        var configuration = Configuration()
        configuration.readonly = true
        guard FileManager.default.fileExists(atPath: file.path), let queue = try? DatabaseQueue(path: file.path, configuration: configuration) else {
            return nil
        }
        database = (file, queue)
        return queue
    }

    private func currentIndex() -> ShellSearchIndex? {
        guard let queue = queue() else { return nil }
        return try? queue.read { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0
            if let index, index.version == version { return index.index }
            let fresh = try ShellSearchIndex.read(db)
            index = (version, fresh)
            return fresh
        }
    }
}
