import Foundation
import GRDB

/// One row of the Favorites list: a letter header or a favorite. Headers live in the same list
/// as users (GTK 4.8 has no list section headers), so 100,000 favorites stay one flat model.
public enum FavoritesRow: Hashable, Sendable {
    case header(String)
    case favorite(UserID)
}

/// Every favorite, grouped and ready to filter, in a compact form: 100,000 favorites are a few
/// flat arrays (about 40 bytes of bookkeeping each plus their text), not 100,000 `Favorite` values
/// with Foundation `URL`s. Built once per store change (`AppDatabase.favoritesIndex`), off the main
/// thread; a keystroke is one scan over one buffer of lowercase bytes; a row drawn asks
/// `favorite(_:)` for its snapshot, made then.
public struct FavoritesIndex: Sendable {
    /// The bucket for anything that does not start with a letter A–Z (after folding accents).
    public static let otherSection = "#"
    /// "A"…"Z", then "#": section numbers are indexes in here.
    static let sectionTitles = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + [otherSection]

    /// One favorite, in display order. Its texts are consecutive in `text`: login, name, avatar
    /// URL, profile URL, `addedAt` as stored; a length of -1 is nil.
    struct Entry: Sendable {
        var id: UserID
        var text: UInt32
        var loginLength: Int32
        var nameLength: Int32
        var avatarLength: Int32
        var profileLength: Int32
        var addedAtLength: Int32
        var section: UInt8
        var type: AccountType
    }

    let entries: [Entry]
    /// Written by the builder only; handed over, not copied (11 MB for 100,000 favorites).
    let text: ByteBuffer
    /// Lowercase login, 0, lowercase name, 0 — for every entry in order, back to back. The 0
    /// bytes (never in a query) stop a match from spanning a login and a name, or two favorites.
    let haystacks: [UInt8]
    /// Where each entry's part of `haystacks` starts.
    let haystackStarts: [UInt32]
    /// Ids ascending, each with its entry's position: `favorite(_:)` is a binary search.
    let byID: [IDPosition]

    struct IDPosition: Sendable {
        var id: UserID
        var position: Int32
    }

    /// The empty index.
    public init() {
        self.init(entries: [], text: ByteBuffer(capacity: 0), haystacks: [], haystackStarts: [], byID: [])
    }

    init(entries: [Entry], text: ByteBuffer, haystacks: [UInt8], haystackStarts: [UInt32], byID: [IDPosition]) {
        self.entries = entries
        self.text = text
        self.haystacks = haystacks
        self.haystackStarts = haystackStarts
        self.byID = byID
    }

    /// Rows in the making: a favorite, under its letter's header when it starts a section.
    private struct Rows {
        var rows: [FavoritesRow] = []
        var section = -1

        init(capacity: Int) { rows.reserveCapacity(capacity) }

        mutating func append(_ entry: Entry) {
            if Int(entry.section) != section {
                section = Int(entry.section)
                rows.append(.header(FavoritesIndex.sectionTitles[section]))
            }
            rows.append(.favorite(entry.id))
        }
    }

    /// An index of `favorites` in any order (tests, small lists); the app builds it from SQLite.
    public init(_ favorites: [Favorite]) {
        var builder = FavoritesIndexBuilder(capacity: favorites.count)
        for favorite in favorites { builder.append(favorite) }
        self = builder.build()
    }

    public var count: Int { entries.count }

    /// What a favorite's row shows: less than `favorite(_:)` makes (no date parsed, one URL),
    /// since a filter keystroke fills a screenful of rows.
    public struct Row: Sendable, Equatable {
        public var login: String
        public var name: String?
        public var avatarURL: URL?
        public var type: AccountType
    }

    public func row(_ id: UserID) -> Row? {
        guard let entry = entry(id) else { return nil }
        let texts = texts(of: entry)
        return Row(login: texts[0] ?? "", name: texts[1], avatarURL: texts[2].flatMap(URL.init(string:)), type: entry.type)
    }

    /// The snapshot behind a favorite (a selection, an unstar).
    public func favorite(_ id: UserID) -> Favorite? {
        guard let entry = entry(id) else { return nil }
        let texts = texts(of: entry)
        let addedAt = texts[4].flatMap { Date.fromDatabaseValue($0.databaseValue) } ?? Date(timeIntervalSince1970: 0)
        return Favorite(id: entry.id, login: texts[0] ?? "", name: texts[1], avatarURL: texts[2].flatMap(URL.init(string:)), type: entry.type,
                        profileURL: texts[3].flatMap(URL.init(string:)), addedAt: addedAt)
    }

    private func entry(_ id: UserID) -> Entry? {
        var low = 0, high = byID.count
        while low < high {
            let middle = (low + high) / 2
            if byID[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < byID.count, byID[low].id == id else { return nil }
        return entries[Int(byID[low].position)]
    }

    /// Login, name, avatar URL, profile URL and added-at, as stored one after another (a
    /// negative length: none).
    private func texts(of entry: Entry) -> [String?] {
        var offset = Int(entry.text)
        return [entry.loginLength, entry.nameLength, entry.avatarLength, entry.profileLength, entry.addedAtLength].map { length in
            guard length >= 0 else { return nil }
            defer { offset += Int(length) }
            return text.string(offset..<offset + Int(length))
        }
    }

    /// Header and favorite rows for `filter` (a case-insensitive substring of login or name;
    /// blank shows everything). Empty sections are dropped.
    public func rows(matching filter: String) -> [FavoritesRow] {
        let needle = Self.needle(filter)
        if needle.isEmpty {
            var rows = Rows(capacity: entries.count + Self.sectionTitles.count)
            for entry in entries { rows.append(entry) }
            return rows.rows
        }
        var rows = Rows(capacity: 64)
        forEachMatch(of: needle) { rows.append(entries[$0]) }
        return rows.rows
    }

    /// The bytes a filter looks for: trimmed, lowercase, without 0 bytes; empty shows everything.
    static func needle(_ filter: String) -> [UInt8] {
        Array(filter.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().utf8.filter { $0 != 0 })
    }

    /// Calls `body` with the position of every entry whose haystack contains `needle`, in order.
    /// `memchr` finds candidates for the first byte; each entry is reported once.
    private func forEachMatch(of needle: [UInt8], _ body: (Int) -> Void) {
        let count = entries.count
        haystacks.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                guard let base = hay.baseAddress, let pinBase = pin.baseAddress else { return }
                let n = pin.count, end = hay.count, first = Int32(pin[0])
                var from = 0, position = 0
                while from + n <= end, let found = memchr(base + from, first, end - n + 1 - from) {
                    let offset = UnsafePointer<UInt8>(found.assumingMemoryBound(to: UInt8.self)) - base
                    guard n == 1 || memcmp(base + offset + 1, pinBase + 1, n - 1) == 0 else {
                        from = offset + 1
                        continue
                    }
                    while position + 1 < count && Int(haystackStarts[position + 1]) <= offset { position += 1 }
                    body(position)
                    position += 1
                    from = position < count ? Int(haystackStarts[position]) : end
                }
            }
        }
    }

    /// The section a login belongs under: its first letter, case- and accent-folded, or "#".
    public static func section(for login: String) -> String {
        sectionTitles[Int(sectionNumber(for: login))]
    }

    /// 0…25 for A…Z, 26 for "#".
    static func sectionNumber(for login: String) -> UInt8 {
        // Nearly every login starts with an ASCII letter or digit: no Unicode folding needed.
        if let byte = login.utf8.first, byte < 0x80 { return sectionNumber(asciiFirstByte: byte) }
        guard let first = login.first else { return 26 }
        let folded = String(first).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).uppercased()
        guard folded.utf8.count == 1, let byte = folded.utf8.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) else { return 26 }
        return byte - UInt8(ascii: "A")
    }

    static func sectionNumber(asciiFirstByte byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a")
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        default: 26
        }
    }
}
