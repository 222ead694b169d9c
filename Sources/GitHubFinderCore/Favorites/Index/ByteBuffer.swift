import Foundation

/// A growable run of bytes with plain pointer writes: the favorites index appends millions of
/// bytes while it is built, and `Array.append` checks uniqueness and capacity on every one.
/// Sendable because only the builder writes to it; a built index only reads it.
final class ByteBuffer: @unchecked Sendable {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    deinit { base.deallocate() }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(capacity * 2, count + extra)
        let moved = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        moved.update(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = grown
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    @inline(__always)
    func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        reserve(bytes.count)
        (base + count).update(from: source, count: bytes.count)
        count += bytes.count
    }

    /// Sets how many bytes are in use, after writing up to `count` through `base` (within what
    /// `reserve` made room for).
    func setCount(_ count: Int) { self.count = count }

    /// The bytes `range` as a string.
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(start: base + range.lowerBound, count: range.count), as: UTF8.self)
    }
}

extension ByteBuffer {
    /// Text `field` of an index entry whose texts start at `offset` (each a native `Int32`
    /// length, -1 for nil, then its bytes); nil for none. Points into the buffer.
    func storedText(_ field: Int, at offset: Int) -> UnsafeBufferPointer<UInt8>? {
        var offset = offset
        for _ in 0..<field { offset += MemoryLayout<Int32>.size + max(0, Int(storedLength(at: offset))) }
        let length = Int(storedLength(at: offset))
        return length < 0 ? nil : UnsafeBufferPointer(start: base + offset + MemoryLayout<Int32>.size, count: length)
    }

    private func storedLength(at offset: Int) -> Int32 {
        UnsafeRawPointer(base + offset).loadUnaligned(as: Int32.self)
    }
}
