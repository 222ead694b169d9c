import Foundation
import GRDB

/// A favorite's own words about it: a free-text note and tags ("conference 2026", "hiring").
/// Kept beside the snapshot, never sent to GitHub; a snapshot refreshed from GitHub keeps them.
public struct FavoriteNotes: Equatable, Sendable, Hashable {
    /// nil or non-blank, as typed (several lines allowed).
    public var note: String?
    /// Normalized (`FavoriteTags.normalized`), in the order they were added.
    public var tags: [String]

    public init(note: String? = nil, tags: [String] = []) {
        self.note = FavoriteNotes.cleanNote(note)
        self.tags = FavoriteTags.normalized(tags)
    }

    /// As kept in the database and the index: the note, and the tags one per line.
    init(storedNote note: String?, storedTags tags: String?) {
        self = note == nil && tags == nil ? .none : FavoriteNotes(note: note, tags: FavoriteTags.parse(stored: tags))
    }

    public static let none = FavoriteNotes()

    /// The keys a favorite's object in a favorites file has for them, beside its own.
    private enum FileKeys: String, CodingKey { case note, tags }

    /// Read from a favorite's object in a file: `note` and `tags`, both optional.
    init(fileFavorite decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FileKeys.self)
        self.init(note: try container.decodeIfPresent(String.self, forKey: .note), tags: try container.decodeIfPresent([String].self, forKey: .tags) ?? [])
    }

    /// Written into a favorite's object in a file: only what there is.
    func encode(fileFavorite encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FileKeys.self)
        try container.encodeIfPresent(note, forKey: .note)
        if !tags.isEmpty { try container.encode(tags, forKey: .tags) }
    }
    public var isEmpty: Bool { note == nil && tags.isEmpty }

    /// The longest note kept, in characters (what a favorites file may hold too).
    public static let maximumNoteLength = 100_000

    /// nil for a note with nothing but white space; otherwise as typed, trailing space trimmed,
    /// without control characters but line breaks and tabs (a pasted bell, a CR of a CRLF), and
    /// cut to `maximumNoteLength`: what is kept can always be exported and imported again.
    static func cleanNote(_ note: String?) -> String? {
        guard let note else { return nil }
        // Most notes need nothing done: read as they are, without building new strings.
        if note.utf8.count <= maximumNoteLength, note.last.map({ !$0.isWhitespace }) == true,
           !note.unicodeScalars.contains(where: { $0 != "\n" && $0 != "\t" && isControl($0) }) {
            return note
        }
        var scalars = String.UnicodeScalarView()
        scalars.append(contentsOf: note.unicodeScalars.lazy.filter { $0 == "\n" || $0 == "\t" || !isControl($0) })
        let kept = String(String(scalars).prefix(maximumNoteLength))
        let trimmed = String(kept.reversed().drop(while: \.isWhitespace).reversed())
        return trimmed.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : trimmed
    }

    /// Foundation's `controlCharacters` (Unicode's Cc and Cf), without Foundation's character
    /// sets: an import reads this for every note and tag.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value >= 0x20 && scalar.value < 0x7F { return false }
        switch scalar.properties.generalCategory {
        case .control, .format: return true
        default: return false
        }
    }

    /// The note's first line that has text, for a list row or a search result.
    public var firstLine: String? {
        note?.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }.first { !$0.isEmpty }
    }

    /// Merges `other` into these (an import): tags joined, a note kept when there is one.
    func merged(with other: FavoriteNotes) -> FavoriteNotes {
        FavoriteNotes(note: note ?? other.note, tags: tags + other.tags)
    }
}

/// The rules for tags: what a typed tag becomes, and how a favorite's tags are kept in one column.
public enum FavoriteTags {
    /// Longest tag kept, in characters.
    public static let maximumLength = 40

    /// Tags from what was typed in the tag entry: split at commas and line breaks.
    public static func parse(typed text: String) -> [String] {
        normalized(text.split(whereSeparator: { $0 == "," || $0.isNewline }).map(String.init))
    }

    /// Most tags a favorite keeps.
    public static let maximumCount = 50

    /// Each tag trimmed with inner runs of white space made one space, without control
    /// characters, cut to `maximumLength`; blank ones dropped, and repeats regardless of case
    /// (the first kept); at most `maximumCount`.
    public static func normalized(_ tags: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        for tag in tags where result.count < maximumCount {
            let clean = isClean(tag) ? tag : cleaned(tag)
            guard !clean.isEmpty, seen.insert(clean.lowercased()).inserted else { continue }
            result.append(clean)
        }
        return result
    }

    /// A tag already as `normalized` makes it (most are): printable ASCII, no comma, single
    /// spaces between words, none at either end, not too long.
    private static func isClean(_ tag: String) -> Bool {
        var previous: UInt8 = 0x20
        for byte in tag.utf8 {
            guard byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: ",") || byte == 0x20 && previous != 0x20 else { return false }
            previous = byte
        }
        return previous != 0x20 && tag.utf8.count <= maximumLength
    }

    private static func cleaned(_ tag: String) -> String {
        let visible = String(String.UnicodeScalarView(tag.unicodeScalars.filter { !FavoriteNotes.isControl($0) || $0 == "\t" }))
        let words = visible.split(whereSeparator: { $0.isWhitespace || $0 == "," })
        return String(words.joined(separator: " ").prefix(maximumLength)).trimmingCharacters(in: .whitespaces)
    }

    /// The column's text: tags one per line; nil for none.
    static func stored(_ tags: [String]) -> String? {
        tags.isEmpty ? nil : tags.joined(separator: "\n")
    }

    /// Tags read back from the column.
    static func parse(stored text: String?) -> [String] {
        guard let text, !text.isEmpty else { return [] }
        return text.split(separator: "\n").map(String.init)
    }

    /// Sorts tags for a tag bar or a completion list: by how many favorites carry them, then
    /// alphabetically (ignoring case).
    public static func ranked(_ counts: [String: Int]) -> [TagCount] {
        counts.map { TagCount(name: $0.key, count: $0.value) }.sorted {
            $0.count != $1.count ? $0.count > $1.count : $0.name.localizedStandardCompare($1.name) == .orderedAscending
        }
    }
}

/// A tag and how many favorites of a list carry it.
public struct TagCount: Equatable, Hashable, Sendable {
    public var name: String
    public var count: Int

    public init(name: String, count: Int) {
        self.name = name
        self.count = count
    }
}

extension AppDatabase {
    /// The "v6.notesAndTags" migration: a note and tags on each favorite of both kinds.
    static func createNotesAndTags(_ db: Database) throws {
        for table in [PersonFavorite.databaseTableName, RepositoryFavorite.databaseTableName] {
            try db.alter(table: table) { table in
                table.add(column: "note", .text)
                table.add(column: "tags", .text)
            }
            // Only tagged favorites are in it: listing every tag reads those alone.
            try db.execute(sql: "CREATE INDEX \(table)_on_tags ON \(table)(tags) WHERE tags IS NOT NULL")
        }
    }

    /// The "v8.unstarredNotes" migration: the note and tags of a favorite unstarred by any path
    /// (the detail pane, a search row, a star sync, GitHub refusing a star) are put aside, and
    /// come back when it is starred again, so unstarring never loses what was written. SQLite
    /// triggers, so no path can forget it.
    static func createUnstarredNotes(_ db: Database) throws {
        try db.create(table: "unstarred_notes") { table in
            table.column("kind", .text).notNull()
            table.column("id", .integer).notNull()
            table.column("note", .text)
            table.column("tags", .text)
            table.primaryKey(["kind", "id"])
        }
        for (kind, table) in [("person", PersonFavorite.databaseTableName), ("repository", RepositoryFavorite.databaseTableName)] {
            try db.execute(sql: """
                CREATE TRIGGER \(table)_notes_put_aside AFTER DELETE ON \(table)
                WHEN old.note IS NOT NULL OR old.tags IS NOT NULL
                BEGIN
                    INSERT OR REPLACE INTO unstarred_notes (kind, id, note, tags) VALUES ('\(kind)', old.id, old.note, old.tags);
                END;
                CREATE TRIGGER \(table)_notes_brought_back AFTER INSERT ON \(table)
                WHEN EXISTS (SELECT 1 FROM unstarred_notes WHERE kind = '\(kind)' AND id = new.id)
                BEGIN
                    UPDATE \(table) SET
                        note = coalesce(new.note, (SELECT note FROM unstarred_notes WHERE kind = '\(kind)' AND id = new.id)),
                        tags = coalesce(new.tags, (SELECT tags FROM unstarred_notes WHERE kind = '\(kind)' AND id = new.id))
                    WHERE id = new.id;
                    DELETE FROM unstarred_notes WHERE kind = '\(kind)' AND id = new.id;
                END;
                """)
        }
    }

    /// Sets the note and tags of favorite `id`; returns false (writing nothing) when it is not a
    /// favorite. Unchanged notes write nothing, so the lists are not rebuilt for them.
    @discardableResult
    public func setNotes(_ notes: FavoriteNotes, of kind: any FavoriteKind.Type, id: Int64) throws(FavoritesStoreError) -> Bool {
        try write { db in try Self.setNotes(notes, table: kind.table, id: id, db) }
    }

    static func setNotes(_ notes: FavoriteNotes, table: String, id: Int64, _ db: Database) throws -> Bool {
        let tags = FavoriteTags.stored(notes.tags)
        try db.execute(sql: "UPDATE \(table) SET note = ?, tags = ? WHERE id = ? AND (note IS NOT ? OR tags IS NOT ?)",
                       arguments: [notes.note, tags, id, notes.note, tags])
        return try db.changesCount > 0 || Bool.fetchOne(db, sql: "SELECT EXISTS (SELECT 1 FROM \(table) WHERE id = ?)", arguments: [id]) == true
    }

    /// The note and tags of favorite `id`; nil when it is not a favorite.
    public func notes(of kind: any FavoriteKind.Type, id: Int64) throws(FavoritesStoreError) -> FavoriteNotes? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT note, tags FROM \(kind.table) WHERE id = ?", arguments: [id]).map {
                FavoriteNotes(storedNote: $0[0], storedTags: $0[1])
            }
        }
    }
}

extension AppDatabase {
    /// Every tag of favorites of both kinds, the most used first (completion in the tag entry).
    public func allTags() throws(FavoritesStoreError) -> [TagCount] {
        try read { db in
            var counts: [String: TagCount] = [:]
            for table in [People.table, Repositories.table] {
                for text in try String.fetchAll(db, sql: "SELECT tags FROM \(table) WHERE tags IS NOT NULL") {
                    for tag in FavoriteTags.parse(stored: text) { counts[tag.lowercased(), default: TagCount(name: tag, count: 0)].count += 1 }
                }
            }
            return FavoriteTags.ranked(Dictionary(counts.values.map { ($0.name, $0.count) }, uniquingKeysWith: +))
        }
    }

    /// The note and tags of favorite `id` now and after each change (nil while it is not a favorite).
    public func observeNotes(of kind: any FavoriteKind.Type, id: Int64) -> AsyncStream<FavoriteNotes?> {
        let table = kind.table
        return stream(ValueObservation.tracking { db in
            try Row.fetchOne(db, sql: "SELECT note, tags FROM \(table) WHERE id = ?", arguments: [id]).map {
                FavoriteNotes(storedNote: $0[0], storedTags: $0[1])
            }
        })
    }
}
