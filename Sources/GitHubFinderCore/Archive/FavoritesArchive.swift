import Foundation

/// Every favorite of one server, as a file: what Export writes and Import reads, in JSON
/// (`docs/favorites-file.md` documents the schema) or CSV. Made from the database by
/// `AppDatabase.exportArchive`, checked whole by `FavoritesArchive(json:)` / `(csv:)` before
/// anything is written.
public struct FavoritesArchive: Codable, Equatable, Sendable {
    /// What the `format` field must say.
    public static let format = "io.github.githubfinder.favorites"
    /// The schema version written; a file of a newer version is refused rather than half read.
    /// Version 2 added `note` and `tags`; version 1 files are read as having none.
    public static let version = 2

    public var format: String
    public var version: Int
    /// The GitHub API the ids belong to (ids collide across servers).
    public var server: URL
    public var exportedAt: Date
    public var people: [PersonFavorite]
    public var repositories: [RepositoryFavorite]

    public init(server: URL, exportedAt: Date = Date(), people: [PersonFavorite], repositories: [RepositoryFavorite]) {
        format = Self.format
        version = Self.version
        self.server = server
        self.exportedAt = exportedAt
        self.people = people
        self.repositories = repositories
    }

    /// How many favorites of both kinds.
    public var count: Int { people.count + repositories.count }

    /// The file's kinds, told from its name.
    public enum FileFormat: String, CaseIterable, Sendable {
        case json, csv

        /// `.json` or `.csv` at the end of `url`'s name; nil for anything else.
        public init?(url: URL) {
            self.init(rawValue: url.pathExtension.lowercased())
        }
    }

    // MARK: JSON

    /// Pretty, with keys sorted: a file that diffs well in version control.
    public func json() -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(Self.dateText(date))
        }
        // Encoding strings, numbers and dates cannot fail.
        return try! encoder.encode(self)
    }

    /// Reads and checks a JSON file; throws `FavoritesArchiveError` saying what is wrong and where.
    public init(json data: Data) throws(FavoritesArchiveError) {
        if let archive = Self.read(json: data) { self = archive } else { self = try Self.decode(json: data) }
        try validate()
    }

    /// The file decoded by `JSONDecoder`: what `read(json:)` gives up on, with errors saying
    /// what is wrong and where.
    static func decode(json data: Data) throws(FavoritesArchiveError) -> FavoritesArchive {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            guard let date = Self.date(try container.decode(String.self)) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "not an ISO 8601 date")
            }
            return date
        }
        let header: Header
        do { header = try decoder.decode(Header.self, from: data) } catch { throw .notJSON(Self.describe(error)) }
        guard header.format == Self.format else { throw .notFavorites }
        guard header.version <= Self.version else { throw .newerVersion(header.version) }
        do { return try decoder.decode(Self.self, from: data) } catch { throw .invalid(Self.describe(error)) }
    }

    /// The fields that say what a file is, read first so that a file of a newer version is
    /// refused for that, not for a field it added.
    private struct Header: Decodable {
        var format: String?
        var version: Int
    }

    /// "people[2].login: missing", in the file's own terms.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return String(describing: error) }
        func path(_ codingPath: [any CodingKey]) -> String {
            codingPath.reduce(into: "") { text, key in
                if let index = key.intValue { text += "[\(index)]" } else { text += (text.isEmpty ? "" : ".") + key.stringValue }
            }
        }
        switch error {
        case .keyNotFound(let key, let context): return tr("{field}: missing", ["field": path(context.codingPath + [key])])
        case .valueNotFound(_, let context), .typeMismatch(_, let context): return tr("{field}: not a valid value", ["field": path(context.codingPath)])
        case .dataCorrupted(let context):
            return context.codingPath.isEmpty ? tr("not valid JSON") : tr("{field}: not a valid value", ["field": path(context.codingPath)])
        @unknown default: return String(describing: error)
        }
    }
}
