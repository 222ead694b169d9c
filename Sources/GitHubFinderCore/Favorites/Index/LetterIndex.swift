import CBytes
import Foundation

/// How many texts each entry of an index keeps, and which of them holds its tags (nil: none).
struct LetterIndexShape: Sendable, Equatable {
    var fieldCount: Int
    var tagField: Int?
}

/// A row a `LetterIndex` lists: a letter header or an entry, named by id.
protocol LetterIndexRow {
    static func header(_ title: String) -> Self
    static func entry(_ id: Int64) -> Self
}

/// What the people and repository indexes share (`FavoritesIndex<People>`, `FavoritesIndex<Repositories>`):
/// entries in display order under letter sections, their texts back to back in one buffer, one
/// buffer of lowercase bytes a keystroke scans, and the ids to find an entry by. Made by
/// `LetterIndexBuilder`; each index says which texts its entries keep and what `Extra` holds.
struct LetterIndex<Extra: Sendable>: Sendable {
    /// One entry, in display order. Its texts start at `text`: each is a native `Int32` length
    /// (-1: nil) then its bytes.
    struct Entry: Sendable {
        var id: Int64
        var text: UInt32
        var extra: Extra
        var section: UInt8
    }

    struct IDPosition: Sendable {
        var id: Int64
        var position: Int32
    }

    let entries: [Entry]
    /// How many texts each entry keeps.
    let fieldCount: Int
    /// Written by the builder only; handed over, not copied (11 MB for 100,000 favorites).
    let text: ByteBuffer
    /// Each entry's searchable texts, lowercase, each followed by a 0 byte — for every entry in
    /// order, back to back. The 0 bytes (never in a query) stop a match from spanning two texts,
    /// or two entries.
    let haystacks: [UInt8]
    /// Where each entry's part of `haystacks` starts.
    let haystackStarts: [UInt32]
    /// Ids ascending, each with its entry's position: a look-up is a binary search.
    let byID: [IDPosition]
    /// The stored text holding an entry's tags, one per line (nil: entries have none).
    let tagField: Int?
    /// Every tag entries carry, the most used first (`FavoriteTags.ranked`).
    let tags: [TagCount]

    /// The empty index.
    init() {
        self.init(entries: [], fieldCount: 0, text: ByteBuffer(capacity: 0), haystacks: [], haystackStarts: [], byID: [], tagField: nil, tags: [])
    }

    init(entries: [Entry], fieldCount: Int, text: ByteBuffer, haystacks: [UInt8], haystackStarts: [UInt32], byID: [IDPosition], tagField: Int?, tags: [TagCount]) {
        self.tagField = tagField
        self.tags = tags
        self.entries = entries
        self.fieldCount = fieldCount
        self.text = text
        self.haystacks = haystacks
        self.haystackStarts = haystackStarts
        self.byID = byID
    }

    var count: Int { entries.count }

    /// The entry with `id` and its texts, in the order they were stored; nil when none has it.
    func entry(_ id: Int64) -> (entry: Entry, texts: [String?])? {
        var low = 0, high = byID.count
        while low < high {
            let middle = (low + high) / 2
            if byID[middle].id < id { low = middle + 1 } else { high = middle }
        }
        guard low < byID.count, byID[low].id == id else { return nil }
        let entry = entries[Int(byID[low].position)]
        var offset = Int(entry.text)
        let texts = (0..<fieldCount).map { _ -> String? in
            let length = Int(UnsafeRawPointer(text.base + offset).loadUnaligned(as: Int32.self))
            offset += MemoryLayout<Int32>.size
            guard length >= 0 else { return nil }
            defer { offset += length }
            return text.string(offset..<offset + length)
        }
        return (entry, texts)
    }

    /// Header and entry rows for `filter` (a case-insensitive substring of any searchable text;
    /// blank shows everything) among the entries carrying every one of `tags` (ignoring case).
    /// Empty sections are dropped.
    func rows<Row: LetterIndexRow>(matching filter: String, tags: Set<String> = []) -> [Row] {
        let needle = FilterMatches.needle(filter)
        return rows(at: needle.isEmpty ? nil : positions(matching: needle), tags: tags)
    }

    /// Header and entry rows for the entries at `positions` (ascending; nil: every entry) that
    /// carry every one of `tags` (ignoring case). Empty sections are dropped.
    func rows<Row: LetterIndexRow>(at positions: [Int32]?, tags: Set<String> = []) -> [Row] {
        let wanted = Set(tags.map { $0.lowercased() })
        var rows: [Row] = []
        var section = -1
        func append(_ position: Int) {
            let entry = entries[position]
            guard wanted.isEmpty || carries(entry, wanted) else { return }
            if Int(entry.section) != section {
                section = Int(entry.section)
                rows.append(.header(LetterSection.titles[section]))
            }
            rows.append(.entry(entry.id))
        }
        if let positions {
            if wanted.isEmpty { rows.reserveCapacity(positions.count + min(positions.count, LetterSection.titles.count)) }
            for position in positions { append(Int(position)) }
        } else {
            if wanted.isEmpty { rows.reserveCapacity(entries.count + LetterSection.titles.count) }
            for position in entries.indices { append(position) }
        }
        return rows
    }

    /// Whether `entry` carries every one of `tags` (lowercase).
    private func carries(_ entry: Entry, _ tags: Set<String>) -> Bool {
        guard let tagField, let bytes = text.storedText(tagField, at: Int(entry.text)), !bytes.isEmpty else { return false }
        return tags.isSubset(of: String(decoding: bytes, as: UTF8.self).lowercased().split(separator: "\n").map(String.init))
    }

    /// The positions, ascending, of the entries whose haystack contains `needle` (not empty).
    /// With `candidates` (ascending positions, say those a shorter text matched) only those
    /// entries are looked at: a keystroke that adds a letter scans what the text before matched.
    func positions(matching needle: [UInt8], among candidates: [Int32]? = nil) -> [Int32] {
        precondition(!needle.isEmpty, "an empty filter matches every entry")
        var found: [Int32] = []
        let count = entries.count
        haystacks.withUnsafeBufferPointer { hay in
            needle.withUnsafeBufferPointer { pin in
                guard let base = hay.baseAddress, let pinBase = pin.baseAddress else { return }
                let n = pin.count, end = hay.count
                func start(_ position: Int) -> Int { position < count ? Int(haystackStarts[position]) : end }
                if let candidates {
                    found.reserveCapacity(candidates.count)
                    for position in candidates where Int(position) < count {
                        let from = start(Int(position)), length = start(Int(position) + 1) - from
                        if length >= n, ghf_find_bytes(base + from, length, pinBase, n) != nil { found.append(position) }
                    }
                    return
                }
                // One memmem over the whole buffer; a hit names its entry, and the scan goes on
                // from the next entry's start (each entry is reported once).
                var from = 0, position = 0
                while from + n <= end, let hit = ghf_find_bytes(base + from, end - from, pinBase, n) {
                    let offset = hit - base
                    while position + 1 < count && Int(haystackStarts[position + 1]) <= offset { position += 1 }
                    found.append(Int32(position))
                    position += 1
                    from = start(position)
                }
            }
        }
        return found
    }
}
