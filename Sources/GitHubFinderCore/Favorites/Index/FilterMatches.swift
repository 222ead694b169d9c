import Foundation

/// What the last few filters over one index matched, so that a keystroke scans as little as it
/// can: a letter typed looks only at the entries the text before it matched (every entry that
/// contains "lin" contains "li"), and deleting back to a text seen a moment ago scans nothing.
/// Kept by a Favorites list for its current index; made anew when the index changes.
struct FilterMatches {
    /// The bytes a filter looks for: trimmed, lowercase, without 0 bytes; empty shows everything.
    static func needle(_ filter: String) -> [UInt8] {
        Array(filter.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().utf8.filter { $0 != 0 })
    }

    /// Filters kept, the most recently used last.
    private var kept: [(needle: [UInt8], positions: [Int32])] = []

    /// The positions `needle` (not empty) matches: kept, or `scan(candidates)` where candidates
    /// are the fewest positions a kept text inside `needle` matched (nil: scan every entry).
    mutating func positions(for needle: [UInt8], scan: ([Int32]?) -> [Int32]) -> [Int32] {
        if let found = kept.firstIndex(where: { $0.needle == needle }) {
            let hit = kept.remove(at: found)
            kept.append(hit)
            return hit.positions
        }
        let candidates = kept.filter { Self.bytes(needle, contain: $0.needle) }.min { $0.positions.count < $1.positions.count }
        let positions = scan(candidates?.positions)
        kept.append((needle, positions))
        while kept.count > Self.keptLimit || kept.reduce(0, { $0 + $1.positions.count }) > Self.positionLimit, kept.count > 1 {
            kept.removeFirst()
        }
        return positions
    }

    /// Whether `part` occurs in `whole`, byte for byte (filters are short: a plain search).
    static func bytes(_ whole: [UInt8], contain part: [UInt8]) -> Bool {
        guard !part.isEmpty, part.count <= whole.count else { return part.isEmpty }
        return (0...(whole.count - part.count)).contains { start in whole[start..<start + part.count].elementsEqual(part) }
    }

    /// A word typed and deleted again, letter by letter, is about a dozen texts.
    private static var keptLimit: Int { 16 }
    /// At most 1.6 MB of positions (the matches of four one-letter filters over 100,000 entries).
    private static var positionLimit: Int { 400_000 }
}
