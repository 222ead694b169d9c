import Foundation

/// One row of the Favorites list: a letter header or a favorite. Headers live in the same list
/// as users (GTK 4.8 has no list section headers), so 100,000 favorites stay one flat model.
public enum FavoritesRow: Hashable, Sendable {
    case header(String)
    case favorite(UserID)
}

/// Favorites prepared for grouping and filtering: sorted once when the store changes, so each
/// keystroke is only a scan over precomputed lowercase bytes.
public struct FavoritesIndex: Sendable {
    /// The bucket for anything that does not start with a letter A–Z (after folding accents).
    public static let otherSection = "#"

    private struct Entry: Sendable {
        var id: UserID
        var section: String
        var haystack: [UInt8]
    }

    private let entries: [Entry]
    /// Favorites by id, for rows to look up what to draw.
    public let favoritesByID: [UserID: Favorite]

    public init(_ favorites: [Favorite]) {
        let prepared = favorites.map { favorite -> (Favorite, String, String) in
            let section = Self.section(for: favorite.login)
            return (favorite, section, favorite.login.lowercased())
        }
        // Sections A…Z then #; logins ascending inside a section.
        let sorted = prepared.sorted { a, b in
            if a.1 != b.1 { return Self.sectionOrder(a.1) < Self.sectionOrder(b.1) }
            return a.2 != b.2 ? a.2 < b.2 : a.0.id < b.0.id
        }
        entries = sorted.map { favorite, section, login in
            // Login and name, separated by a byte no query contains, so a match cannot span both.
            Entry(id: favorite.id, section: section, haystack: Array(login.utf8) + [0] + Array((favorite.name ?? "").lowercased().utf8))
        }
        favoritesByID = Dictionary(favorites.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
    }

    public var count: Int { entries.count }

    /// The snapshot behind a favorite row.
    public func favorite(_ id: UserID) -> Favorite? { favoritesByID[id] }

    /// Header and favorite rows for `filter` (a case-insensitive substring of login or name;
    /// blank shows everything). Empty sections are dropped.
    public func rows(matching filter: String) -> [FavoritesRow] {
        let needle = Array(filter.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().utf8)
        var rows: [FavoritesRow] = []
        rows.reserveCapacity(needle.isEmpty ? entries.count + 27 : 64)
        var currentSection: String?
        for entry in entries where needle.isEmpty || Self.contains(entry.haystack, needle) {
            if entry.section != currentSection {
                rows.append(.header(entry.section))
                currentSection = entry.section
            }
            rows.append(.favorite(entry.id))
        }
        return rows
    }

    /// The section a login belongs under: its first letter, case- and accent-folded, or "#".
    public static func section(for login: String) -> String {
        // Nearly every login starts with an ASCII letter or digit: no Unicode folding needed.
        if let byte = login.utf8.first, byte < 0x80 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): return String(UnicodeScalar(byte - 32))
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): return String(UnicodeScalar(byte))
            default: return otherSection
            }
        }
        guard let first = login.first else { return otherSection }
        let folded = String(first).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).uppercased()
        guard folded.count == 1, let scalar = folded.unicodeScalars.first, scalar.isASCII, ("A"..."Z").contains(Character(scalar)) else {
            return otherSection
        }
        return folded
    }

    private static func sectionOrder(_ section: String) -> Int {
        section == otherSection ? Int.max : Int(section.unicodeScalars.first!.value)
    }

    /// Byte substring search; both sides are lowercased UTF-8, so this is a case-insensitive match.
    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        let n = needle.count, h = haystack.count
        guard n <= h else { return false }
        let first = needle[0]
        return haystack.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                var i = 0
                while i <= h - n {
                    if hay[i] == first {
                        var j = 1
                        while j < n && hay[i + j] == pin[j] { j += 1 }
                        if j == n { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }
}
