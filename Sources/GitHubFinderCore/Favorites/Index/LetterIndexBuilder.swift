import Foundation

/// Collects entries as raw UTF-8 (straight from SQLite's buffers, or from values) and turns them
/// into a `LetterIndex`: no `String`, `URL` or `Date` per entry on the way. An entry is `begin`,
/// then its texts (`store`), in a fixed order the index that reads it knows; what the filter
/// searches is made from those texts afterwards (`prepareSearch`), following `searched`.
struct LetterIndexBuilder<Extra: Sendable> {
    /// One piece of an entry's haystack, by the position of a stored text.
    enum SearchPart {
        /// The text, lowercased, then `separator` (0 keeps a match from spanning into the next
        /// text); a nil text adds the separator alone.
        case text(Int, then: UInt8 = 0)
        /// The end of the sort key: entries sort by their haystack up to here (the separator
        /// before it excluded), then by id.
        case keyEnd
    }

    private var entries: [LetterIndex<Extra>.Entry] = []
    private let fieldCount: Int
    /// The stored text whose first letter names the section.
    private let sectionField: Int
    private let searched: [SearchPart]
    private let text: ByteBuffer
    /// Haystacks in arrival order; `build` copies them into display order.
    private let haystacks: ByteBuffer
    private var haystackStarts: [UInt32] = []
    /// Bytes at the start of each haystack that are the sort key (up to `keyEnd`).
    private var keyLengths: [UInt32] = []
    /// The stored text holding an entry's tags (one per line), if entries have tags.
    private let tagField: Int?
    /// Each tag, by its lowercase form: as first seen, and how many entries carry it.
    private var tagCounts: [String: TagCount] = [:]

    /// `fieldCount`: how many texts each entry stores; the byte counts are guesses to reserve.
    init(capacity: Int, fieldCount: Int, sectionField: Int, searched: [SearchPart], tagField: Int? = nil, textBytes: Int, haystackBytes: Int) {
        self.fieldCount = fieldCount
        self.tagField = tagField
        self.sectionField = sectionField
        self.searched = searched
        entries.reserveCapacity(capacity)
        text = ByteBuffer(capacity: capacity * textBytes)
        haystacks = ByteBuffer(capacity: capacity * haystackBytes)
        haystackStarts.reserveCapacity(capacity)
        keyLengths.reserveCapacity(capacity)
    }

    var count: Int { entries.count }

    /// Starts an entry; its section is set by `prepareSearch`.
    mutating func begin(id: Int64, extra: Extra) {
        entries.append(LetterIndex.Entry(id: id, text: UInt32(text.count), extra: extra, section: 0))
    }

    /// Stores the entry's next text (nil: none).
    func store(_ value: (some IndexedText)?) {
        guard let value else { return storeLength(-1) }
        value.withUTF8Bytes { bytes in
            storeLength(Int32(bytes.count))
            text.append(bytes)
        }
    }

    private func storeLength(_ length: Int32) {
        withUnsafeBytes(of: length) { text.append($0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// Gives every entry appended since the last call its section and haystack, read back from
    /// its stored texts. Kept out of the read itself so it can run while SQLite, on the reading
    /// thread, walks the order index (`AppDatabase.scanForIndex`), on another core when one is free.
    mutating func prepareSearch() {
        for position in haystackStarts.count..<entries.count {
            let offset = Int(entries[position].text)
            entries[position].section = LetterSection.number(forUTF8: text.storedText(sectionField, at: offset) ?? UnsafeBufferPointer(start: nil, count: 0))
            let start = haystacks.count
            haystackStarts.append(UInt32(start))
            keyLengths.append(0)
            if let tagField, let tags = text.storedText(tagField, at: offset), !tags.isEmpty { countTags(tags) }
            for part in searched {
                switch part {
                case .text(let field, let separator):
                    if let bytes = text.storedText(field, at: offset) { appendLowercased(bytes) }
                    haystacks.append(separator)
                case .keyEnd:
                    keyLengths[position] = UInt32(haystacks.count - start - 1)
                }
            }
        }
    }

    private mutating func countTags(_ bytes: UnsafeBufferPointer<UInt8>) {
        for tag in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            tagCounts[tag.lowercased(), default: TagCount(name: String(tag), count: 0)].count += 1
        }
    }

    /// Appends `bytes` lowercased. ASCII and Latin-1 letters (À–Þ) are folded byte by byte, and
    /// CJK, kana and Hangul have no case: only other text goes through `String.lowercased()`.
    private func appendLowercased(_ bytes: UnsafeBufferPointer<UInt8>) {
        let start = haystacks.count
        // Lowercase UTF-8 of these scripts is never longer than the original.
        haystacks.reserve(bytes.count)
        let out = haystacks.base + start
        var index = 0, written = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 0x80 {
                out[written] = byte &- UInt8(ascii: "A") < 26 ? byte &+ 32 : byte
                index += 1
                written += 1
            } else if byte == 0xC3, index + 1 < bytes.count {
                // U+00C0…U+00DE (not ×, U+00D7) lowercase to U+00E0…U+00FE.
                let next = bytes[index + 1]
                out[written] = 0xC3
                out[written + 1] = next >= 0x80 && next <= 0x9E && next != 0x97 ? next &+ 0x20 : next
                index += 2
                written += 2
            } else if byte >= 0xE3 && byte <= 0xED, index + 2 < bytes.count {
                // U+3000…U+DFFF: CJK, kana, Hangul (no case).
                out[written] = byte
                out[written + 1] = bytes[index + 1]
                out[written + 2] = bytes[index + 2]
                index += 3
                written += 3
            } else {
                var lowered = Array(String(decoding: bytes, as: UTF8.self).lowercased().utf8.filter { $0 != 0 })
                lowered.withUnsafeMutableBufferPointer { haystacks.append(UnsafeBufferPointer($0)) }
                return
            }
        }
        haystacks.setCount(start + written)
    }

    /// Sections A…Z then #, keys ascending inside each (ties by id).
    ///
    /// `hint` lists positions (in arrival order) in an order close to that one: SQLite's
    /// `ORDER BY … COLLATE NOCASE` from an index, which is exactly it for ASCII keys. The hint is
    /// bucketed by section, keeping its order, and each section is only checked; a section that is
    /// out of order (non-ASCII keys, or no hint) is sorted.
    func build(hint: [Int32]? = nil) -> LetterIndex<Extra> {
        precondition(haystackStarts.count == entries.count, "prepareSearch() first")
        let count = entries.count
        let hint = hint ?? (0..<Int32(count)).map { $0 }
        var bucketStarts = [Int](repeating: 0, count: LetterSection.titles.count + 1)
        for entry in entries { bucketStarts[Int(entry.section) + 1] += 1 }
        for section in 1..<bucketStarts.count { bucketStarts[section] += bucketStarts[section - 1] }
        var order = [Int32](repeating: 0, count: count)
        var next = bucketStarts
        for position in hint {
            let section = Int(entries[Int(position)].section)
            order[next[section]] = position
            next[section] += 1
        }
        do {
            let hay = UnsafeBufferPointer(start: haystacks.base, count: haystacks.count)
            func precedes(_ a: Int32, _ b: Int32) -> Bool {
                let (a, b) = (Int(a), Int(b))
                let lengthA = Int(keyLengths[a]), lengthB = Int(keyLengths[b])
                let compared = memcmp(hay.baseAddress! + Int(haystackStarts[a]), hay.baseAddress! + Int(haystackStarts[b]), min(lengthA, lengthB))
                if compared != 0 { return compared < 0 }
                if lengthA != lengthB { return lengthA < lengthB }
                return entries[a].id < entries[b].id
            }
            for section in 0..<LetterSection.titles.count {
                let range = bucketStarts[section]..<bucketStarts[section + 1]
                guard range.count > 1 else { continue }
                var sorted = true
                for displayed in range.dropFirst() where !precedes(order[displayed - 1], order[displayed]) {
                    sorted = false
                    break
                }
                if !sorted { order[range].sort(by: precedes) }
            }
        }
        return assemble(order)
    }

    /// Lays entries and haystacks out in display `order`, and the id look-up beside them.
    private func assemble(_ order: [Int32]) -> LetterIndex<Extra> {
        let count = entries.count
        var finalStarts = [UInt32](repeating: 0, count: count)
        var finalEntries: [LetterIndex<Extra>.Entry] = []
        finalEntries.reserveCapacity(count)
        let finalHaystacks = [UInt8](unsafeUninitializedCapacity: haystacks.count) { buffer, initialized in
            do {
                let hay = UnsafeBufferPointer(start: haystacks.base, count: haystacks.count)
                var written = 0
                for (displayed, position) in order.enumerated() {
                    let position = Int(position)
                    let start = Int(haystackStarts[position])
                    let end = position + 1 < count ? Int(haystackStarts[position + 1]) : hay.count
                    finalStarts[displayed] = UInt32(written)
                    buffer.baseAddress!.advanced(by: written).update(from: hay.baseAddress!.advanced(by: start), count: end - start)
                    written += end - start
                    finalEntries.append(entries[position])
                }
                initialized = written
            }
        }
        // Ids ascending with their display position: a binary search finds a row's entry.
        var byID = [LetterIndex<Extra>.IDPosition](repeating: .init(id: 0, position: 0), count: count)
        for (displayed, position) in order.enumerated() {
            byID[Int(position)] = LetterIndex.IDPosition(id: entries[Int(position)].id, position: Int32(displayed))
        }
        // Read from SQLite they arrive by id already.
        if zip(byID, byID.dropFirst()).contains(where: { $0.id >= $1.id }) { byID.sort { $0.id < $1.id } }
        return LetterIndex(entries: finalEntries, fieldCount: fieldCount, text: text, haystacks: finalHaystacks, haystackStarts: finalStarts, byID: byID,
                           tagField: tagField, tags: FavoriteTags.ranked(Dictionary(tagCounts.values.map { ($0.name, $0.count) }, uniquingKeysWith: +)))
    }
}
