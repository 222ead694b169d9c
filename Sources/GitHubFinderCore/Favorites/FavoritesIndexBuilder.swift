import Foundation
import GRDB

/// Collects favorites as raw UTF-8 (straight from SQLite's buffers, or from `Favorite` values)
/// and turns them into a `FavoritesIndex`: no `String`, `URL` or `Date` per favorite on the way.
struct FavoritesIndexBuilder {
    private var entries: [FavoritesIndex.Entry] = []
    private let text: ByteBuffer
    /// Haystacks in arrival order; `build` copies them into display order.
    private let haystacks: ByteBuffer
    private var haystackStarts: [UInt32] = []
    /// Bytes of the lowercase login at the start of each haystack: the sort key.
    private var keyLengths: [UInt32] = []

    init(capacity: Int) {
        entries.reserveCapacity(capacity)
        text = ByteBuffer(capacity: capacity * 112)
        haystacks = ByteBuffer(capacity: capacity * 32)
        haystackStarts.reserveCapacity(capacity)
        keyLengths.reserveCapacity(capacity)
    }

    mutating func append(_ favorite: Favorite) {
        var login = favorite.login, name = favorite.name, avatar = favorite.avatarURL?.absoluteString
        var profile = favorite.profileURL?.absoluteString
        var addedAt = String.fromDatabaseValue(favorite.addedAt.databaseValue) ?? ""
        login.withUTF8 { login in
            addedAt.withUTF8 { addedAt in
                Self.withOptionalUTF8(&name) { name in
                    Self.withOptionalUTF8(&avatar) { avatar in
                        Self.withOptionalUTF8(&profile) { profile in
                            append(id: favorite.id, login: login, name: name, avatarURL: avatar, profileURL: profile, addedAt: addedAt, type: favorite.type)
                        }
                    }
                }
            }
        }
    }

    private static func withOptionalUTF8(_ string: inout String?, _ body: (UnsafeBufferPointer<UInt8>?) -> Void) {
        if string == nil { body(nil) } else { string!.withUTF8 { body($0) } }
    }

    var count: Int { entries.count }

    /// Adds one favorite; the buffers are only read during the call.
    mutating func append(id: UserID, login: UnsafeBufferPointer<UInt8>, name: UnsafeBufferPointer<UInt8>?, avatarURL: UnsafeBufferPointer<UInt8>?,
                         profileURL: UnsafeBufferPointer<UInt8>?, addedAt: UnsafeBufferPointer<UInt8>?, type: AccountType) {
        let start = UInt32(text.count)
        func store(_ bytes: UnsafeBufferPointer<UInt8>?) -> Int32 {
            guard let bytes else { return -1 }
            text.append(bytes)
            return Int32(bytes.count)
        }
        let section: UInt8
        if let first = login.first, first < 0x80 {
            section = FavoritesIndex.sectionNumber(asciiFirstByte: first)
        } else {
            section = FavoritesIndex.sectionNumber(for: String(decoding: login, as: UTF8.self))
        }
        entries.append(FavoritesIndex.Entry(
            id: id, text: start, loginLength: store(login), nameLength: store(name), avatarLength: store(avatarURL),
            profileLength: store(profileURL), addedAtLength: store(addedAt), section: section, type: type
        ))
        haystackStarts.append(UInt32(haystacks.count))
        keyLengths.append(UInt32(appendLowercased(login)))
        haystacks.append(0)
        if let name { appendLowercased(name) }
        haystacks.append(0)
    }

    /// Appends `bytes` lowercased; returns how many bytes that was. ASCII and Latin-1 letters
    /// (À–Þ) are folded byte by byte, and CJK, kana and Hangul have no case: only other text
    /// goes through `String.lowercased()`.
    @discardableResult
    private func appendLowercased(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
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
                return lowered.count
            }
        }
        haystacks.setCount(start + written)
        return written
    }

    /// Sections A…Z then #, lowercase logins ascending inside each (ties by id).
    ///
    /// `hint` lists positions (in arrival order) in an order close to that one: SQLite's
    /// `ORDER BY login COLLATE NOCASE` from its index, which is exactly it for ASCII logins. The
    /// hint is bucketed by section, keeping its order, and each section is only checked; a section
    /// that is out of order (non-ASCII logins, or no hint) is sorted.
    func build(hint: [Int32]? = nil) -> FavoritesIndex {
        let count = entries.count
        let hint = hint ?? (0..<Int32(count)).map { $0 }
        var bucketStarts = [Int](repeating: 0, count: FavoritesIndex.sectionTitles.count + 1)
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
            for section in 0..<FavoritesIndex.sectionTitles.count {
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
    private func assemble(_ order: [Int32]) -> FavoritesIndex {
        let count = entries.count
        var finalStarts = [UInt32](repeating: 0, count: count)
        var finalEntries: [FavoritesIndex.Entry] = []
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
        // Ids ascending with their display position: a binary search finds a row's favorite.
        var byID = [FavoritesIndex.IDPosition](repeating: .init(id: 0, position: 0), count: count)
        for (displayed, position) in order.enumerated() {
            byID[Int(position)] = FavoritesIndex.IDPosition(id: entries[Int(position)].id, position: Int32(displayed))
        }
        // Read from SQLite they arrive by id already.
        if zip(byID, byID.dropFirst()).contains(where: { $0.id >= $1.id }) { byID.sort { $0.id < $1.id } }
        return FavoritesIndex(entries: finalEntries, text: text, haystacks: finalHaystacks, haystackStarts: finalStarts, byID: byID)
    }
}
