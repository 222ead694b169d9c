import Foundation

/// A built `LetterIndex` saved to a file, so that the next start reads 100,000 favorites back in
/// a few milliseconds instead of stepping SQLite through them and sorting again (`AppDatabase`
/// decides when one may be used: see `AppDatabase+IndexSnapshots.swift`).
///
/// A cache, never the truth: the file names the database generation it was built from and the
/// layout of its entries, carries a checksum, and every offset in it is checked before use. A
/// file that is missing, short, damaged, from another version or another generation reads as
/// nil, and the index is built from SQLite as before.
///
/// Layout, native byte order: a header (magic, layout, generation, counts, checksum), then the
/// ids, text offsets, sections and extras of the entries in display order, the haystack starts,
/// the id look-up (ids, positions), the stored texts, the haystacks, and the tags.
enum IndexSnapshot {
    static let magic: UInt64 = 0x3158_4449_4648_4847  // "GHFIDX1" and a 1, little-endian
    static let maximumBytes = 1 << 30

    /// Writes `index`, built at `generation`, to `file` (through a temporary file and a rename,
    /// so a reader never sees half of one).
    static func write<Extra: FavoriteExtra>(_ index: LetterIndex<Extra>, generation: Int64, layout: String, to file: URL) throws {
        // Its own name: two writers of one folder never share a temporary file.
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        var output = try SnapshotFile(writing: temporary)
        do {
            let payload = payload(of: index)
            // The header's counts, in the order `decode` reads them; the checksum covers them too.
            let counts = [index.count, index.fieldCount, index.tagField ?? -1, index.text.count, index.haystacks.count, index.tags.count].map(Int64.init)
            var checksum = SnapshotChecksum()
            counts.withUnsafeBytes { checksum.add($0) }
            for part in payload { part.withUnsafeBytes { checksum.add($0) } }
            try output.write(header(layout: layout, generation: generation, counts: counts, checksum: checksum.value))
            for part in payload { try part.withUnsafeBytes { try output.write($0) } }
            try output.close()
            guard rename(temporary.path, file.path) == 0 else { throw SnapshotFile.Failure.io(errno) }
        } catch {
            unlink(temporary.path)
            throw error
        }
    }

    /// The index saved in `file`, when it was built at `generation` with this `layout` and
    /// `shape` and reads back whole and consistent; nil otherwise.
    static func read<Extra: FavoriteExtra>(_ file: URL, generation: Int64, layout: String, shape: LetterIndexShape) -> LetterIndex<Extra>? {
        guard var input = try? SnapshotFile(reading: file) else { return nil }
        defer { try? input.close() }
        return try? decode(&input, generation: generation, layout: layout, shape: shape)
    }

    // MARK: Writing

    /// The parts after the header, in file order.
    private static func payload<Extra: FavoriteExtra>(of index: LetterIndex<Extra>) -> [SnapshotPart] {
        let entries = index.entries
        var extras = [UInt8](repeating: 0, count: entries.count * Extra.snapshotByteCount)
        extras.withUnsafeMutableBytes { bytes in
            for (position, entry) in entries.enumerated() { entry.extra.writeSnapshot(to: bytes.baseAddress! + position * Extra.snapshotByteCount) }
        }
        var tags: [UInt8] = []
        for tag in index.tags {
            append(Int64(tag.count), to: &tags)
            append(Int32(tag.name.utf8.count), to: &tags)
            tags.append(contentsOf: tag.name.utf8)
        }
        return [.array(entries.map(\.id)), .array(entries.map(\.text)), .array(entries.map(\.section)), .array(extras), .array(index.haystackStarts),
                .array(index.byID.map(\.id)), .array(index.byID.map(\.position)), .buffer(index.text), .array(index.haystacks), .array(tags)]
    }

    private static func header(layout: String, generation: Int64, counts: [Int64], checksum: UInt64) -> [UInt8] {
        var bytes: [UInt8] = []
        append(magic, to: &bytes)
        append(Int32(layout.utf8.count), to: &bytes)
        bytes.append(contentsOf: layout.utf8)
        for value in [generation] + counts { append(value, to: &bytes) }
        append(checksum, to: &bytes)
        return bytes
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value) { bytes.append(contentsOf: $0) }
    }

    // MARK: Reading

    /// Reads and checks everything; throws at the first thing that is not as written.
    private static func decode<Extra: FavoriteExtra>(_ input: inout SnapshotFile, generation: Int64, layout: String,
                                                          shape: LetterIndexShape) throws -> LetterIndex<Extra> {
        let reject = SnapshotFile.Failure.rejected
        // 100,000 favorites take 21 MB; a larger file (a sparse one, say) is not read into memory.
        guard input.size <= maximumBytes, try input.read(UInt64.self) == magic else { throw reject }
        let layoutLength = Int(try input.read(Int32.self))
        guard layoutLength == layout.utf8.count, try input.readBytes(layoutLength) == Array(layout.utf8) else { throw reject }
        guard try input.read(Int64.self) == generation else { throw reject }
        var counts: [Int] = []
        for _ in 0..<6 { counts.append(Int(try input.read(Int64.self))) }
        let (count, fieldCount, tagField, textBytes, haystackBytes, tagCount) = (counts[0], counts[1], counts[2], counts[3], counts[4], counts[5])
        // Bounds a damaged header cannot get past: the shape this version reads, and a file at
        // least as long as what the header announces (nothing is allocated beyond what is there).
        guard fieldCount == shape.fieldCount, tagField == (shape.tagField ?? -1), (0...Int(Int32.max)).contains(count),
              (0...Int(UInt32.max)).contains(textBytes), (0...Int(UInt32.max)).contains(haystackBytes), (0...Int(Int32.max)).contains(tagCount),
              count > 0 || haystackBytes == 0 else { throw reject }
        let expected = try input.read(UInt64.self)
        let entryBytes = count * (8 + 4 + 1 + Extra.snapshotByteCount + 4 + 8 + 4)
        guard input.size - input.offset >= entryBytes + textBytes + haystackBytes + tagCount * 12 else { throw reject }
        var checksum = SnapshotChecksum()
        counts.map(Int64.init).withUnsafeBytes { checksum.add($0) }

        let ids: [Int64] = try input.readArray(count, into: &checksum)
        let textOffsets: [UInt32] = try input.readArray(count, into: &checksum)
        let sections: [UInt8] = try input.readArray(count, into: &checksum)
        let extraBytes: [UInt8] = try input.readArray(count * Extra.snapshotByteCount, into: &checksum)
        let haystackStarts: [UInt32] = try input.readArray(count, into: &checksum)
        let byIDs: [Int64] = try input.readArray(count, into: &checksum)
        let byPositions: [Int32] = try input.readArray(count, into: &checksum)
        let text = ByteBuffer(capacity: textBytes)
        try input.readExactly(into: UnsafeMutableRawBufferPointer(start: text.base, count: textBytes))
        text.setCount(textBytes)
        checksum.add(UnsafeRawBufferPointer(start: text.base, count: textBytes))
        let haystacks: [UInt8] = try input.readArray(haystackBytes, into: &checksum)
        let tagBytes: [UInt8] = try input.readArray(input.size - input.offset, into: &checksum)
        guard checksum.value == expected else { throw reject }

        // Every offset is checked before the index may use it.
        var entries: [LetterIndex<Extra>.Entry] = []
        entries.reserveCapacity(count)
        try extraBytes.withUnsafeBytes { extras in
            for position in 0..<count {
                guard Int(sections[position]) < LetterSection.titles.count, textsFit(text, from: Int(textOffsets[position]), fields: fieldCount),
                      let extra = Extra(snapshot: extras.baseAddress! + position * Extra.snapshotByteCount) else { throw reject }
                entries.append(.init(id: ids[position], text: textOffsets[position], extra: extra, section: sections[position]))
            }
        }
        // Each entry's haystack starts where the last one ended, the first at 0.
        guard haystackStarts.first ?? 0 == 0 else { throw reject }
        var previousStart: UInt32 = 0
        for start in haystackStarts {
            guard start >= previousStart, Int(start) <= haystackBytes else { throw reject }
            previousStart = start
        }
        var byID: [LetterIndex<Extra>.IDPosition] = []
        byID.reserveCapacity(count)
        for item in 0..<count {
            let position = Int(byPositions[item])
            guard (0..<count).contains(position), entries[position].id == byIDs[item], item == 0 || byIDs[item - 1] < byIDs[item] else { throw reject }
            byID.append(.init(id: byIDs[item], position: byPositions[item]))
        }
        let tags = try decodeTags(tagBytes, count: tagCount)
        return LetterIndex(entries: entries, fieldCount: fieldCount, text: text, haystacks: haystacks, haystackStarts: haystackStarts, byID: byID,
                           tagField: tagField < 0 ? nil : tagField, tags: tags)
    }

    /// Whether `fields` stored texts starting at `offset` end inside `text`.
    private static func textsFit(_ text: ByteBuffer, from offset: Int, fields: Int) -> Bool {
        var offset = offset
        for _ in 0..<fields {
            guard offset + 4 <= text.count else { return false }
            let length = Int(UnsafeRawPointer(text.base + offset).loadUnaligned(as: Int32.self))
            guard length >= -1 else { return false }
            offset += 4 + max(0, length)
        }
        return offset <= text.count
    }

    private static func decodeTags(_ bytes: [UInt8], count: Int) throws -> [TagCount] {
        var tags: [TagCount] = []
        var offset = 0
        try bytes.withUnsafeBytes { raw in
            for _ in 0..<count {
                guard offset + 12 <= raw.count else { throw SnapshotFile.Failure.rejected }
                let used = Int(raw.loadUnaligned(fromByteOffset: offset, as: Int64.self))
                let length = Int(raw.loadUnaligned(fromByteOffset: offset + 8, as: Int32.self))
                offset += 12
                guard length >= 0, offset + length <= raw.count else { throw SnapshotFile.Failure.rejected }
                tags.append(TagCount(name: String(decoding: raw[offset..<offset + length], as: UTF8.self), count: used))
                offset += length
            }
        }
        guard offset == bytes.count else { throw SnapshotFile.Failure.rejected }
        return tags
    }
}

/// One part of a snapshot's payload.
private enum SnapshotPart {
    case array(any SnapshotArray)
    case buffer(ByteBuffer)

    func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        switch self {
        case .array(let array): try array.withRawBytes(body)
        case .buffer(let buffer): try body(UnsafeRawBufferPointer(start: buffer.base, count: buffer.count))
        }
    }
}

private protocol SnapshotArray {
    func withRawBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T
}

extension Array: SnapshotArray where Element: FixedWidthInteger {
    fileprivate func withRawBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T { try withUnsafeBytes(body) }
}

/// A 64-bit checksum of everything after the header: four lanes of multiply-xor over 8-byte
/// words (about 2 ms over 20 MB), enough to tell a damaged or truncated file from a good one.
struct SnapshotChecksum {
    private var lanes: (UInt64, UInt64, UInt64, UInt64) = (0x9E37_79B9_7F4A_7C15, 0xC2B2_AE3D_27D4_EB4F, 0x1656_67B1_9E37_79F9, 0x27D4_EB2F_1656_67C5)
    private var length: UInt64 = 0
    private static let prime: UInt64 = 0x0000_0100_0000_01B3

    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        guard let base = bytes.baseAddress else { return }
        length &+= UInt64(bytes.count)
        let words = bytes.count / 8
        var word = 0
        while word + 4 <= words {
            lanes.0 = (lanes.0 ^ base.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self)) &* Self.prime
            lanes.1 = (lanes.1 ^ base.loadUnaligned(fromByteOffset: word * 8 + 8, as: UInt64.self)) &* Self.prime
            lanes.2 = (lanes.2 ^ base.loadUnaligned(fromByteOffset: word * 8 + 16, as: UInt64.self)) &* Self.prime
            lanes.3 = (lanes.3 ^ base.loadUnaligned(fromByteOffset: word * 8 + 24, as: UInt64.self)) &* Self.prime
            word += 4
        }
        var byte = word * 8
        while byte < bytes.count {
            lanes.0 = (lanes.0 ^ UInt64(bytes[byte])) &* Self.prime
            byte += 1
        }
        // Parts are mixed in as they come, so moving bytes between two parts changes the value.
        lanes = (lanes.1, lanes.2, lanes.3, lanes.0 ^ length)
    }

    var value: UInt64 { ((lanes.0 &* 31 ^ lanes.1) &* 31 ^ lanes.2) &* 31 ^ lanes.3 ^ length }
}

/// A snapshot file, read or written with plain `read`/`write` straight into and out of the
/// index's own buffers (no second copy of 20 MB in between).
struct SnapshotFile {
    enum Failure: Error {
        case io(Int32)
        /// The file is not a snapshot this version can use.
        case rejected
    }

    private let descriptor: Int32
    private(set) var offset = 0
    /// The file's size when opened for reading.
    let size: Int

    init(writing file: URL) throws {
        descriptor = open(file.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw Failure.io(errno) }
        size = 0
    }

    init(reading file: URL) throws {
        // Non-blocking: a FIFO put there must not hang the read (only regular files are read).
        descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw Failure.io(errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            Glibc.close(descriptor)
            throw Failure.rejected
        }
        size = Int(status.st_size)
    }

    func close() throws {
        guard Glibc.close(descriptor) == 0 else { throw Failure.io(errno) }
    }

    mutating func write(_ bytes: [UInt8]) throws {
        try bytes.withUnsafeBytes { try write($0) }
    }

    mutating func write(_ bytes: UnsafeRawBufferPointer) throws {
        var done = 0
        while done < bytes.count {
            let written = Glibc.write(descriptor, bytes.baseAddress! + done, bytes.count - done)
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { throw Failure.io(errno) }
            done += written
        }
        offset += done
    }

    mutating func readExactly(into buffer: UnsafeMutableRawBufferPointer) throws {
        guard buffer.count <= size - offset else { throw Failure.rejected }
        var done = 0
        while done < buffer.count {
            let count = Glibc.read(descriptor, buffer.baseAddress! + done, buffer.count - done)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { throw Failure.rejected }
            done += count
        }
        offset += done
    }

    mutating func read<Value: FixedWidthInteger>(_: Value.Type) throws -> Value {
        var value: Value = 0
        try withUnsafeMutableBytes(of: &value) { try readExactly(into: $0) }
        return value
    }

    mutating func readBytes(_ count: Int) throws -> [UInt8] {
        try readArray(count)
    }

    mutating func readArray<Element: FixedWidthInteger>(_ count: Int) throws -> [Element] {
        guard count >= 0, count <= (size - offset) / MemoryLayout<Element>.stride else { throw Failure.rejected }
        return try [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            try readExactly(into: UnsafeMutableRawBufferPointer(buffer))
            initialized = count
        }
    }

    mutating func readArray<Element: FixedWidthInteger>(_ count: Int, into checksum: inout SnapshotChecksum) throws -> [Element] {
        let array: [Element] = try readArray(count)
        array.withUnsafeBytes { checksum.add($0) }
        return array
    }
}
