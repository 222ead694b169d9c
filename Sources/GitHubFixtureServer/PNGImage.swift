import Foundation

/// A minimal, valid PNG encoder (8-bit RGB, stored deflate blocks) for the double's avatars,
/// plus an identicon so every account has a recognisable picture at any requested size.
public enum PNGImage {
    /// An identicon for `seed`, `size`×`size` pixels: a symmetric 5×5 pattern in a seed colour.
    public static func identicon(seed: Int64, size: Int) -> Data {
        let size = max(1, min(size, 460))
        var hash = UInt64(bitPattern: seed) &* 0x9E37_79B9_7F4A_7C15
        hash ^= hash >> 29
        let color: [UInt8] = [UInt8(truncatingIfNeeded: hash >> 8) | 0x40, UInt8(truncatingIfNeeded: hash >> 16) | 0x40, UInt8(truncatingIfNeeded: hash >> 24) | 0x40]
        let background: [UInt8] = [0xF0, 0xF0, 0xF0]
        var raw = Data(capacity: (size * 3 + 1) * size)
        for y in 0..<size {
            raw.append(0) // filter: none
            let cellY = y * 5 / size
            for x in 0..<size {
                let cellX = x * 5 / size
                let column = cellX < 3 ? cellX : 4 - cellX
                let on = (hash >> UInt64(32 + cellY * 3 + column)) & 1 == 1
                raw.append(contentsOf: on ? color : background)
            }
        }
        return encode(width: size, height: size, rgbRows: raw)
    }

    static func encode(width: Int, height: Int, rgbRows: Data) -> Data {
        var png = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var header = Data()
        header.append(bigEndian: UInt32(width))
        header.append(bigEndian: UInt32(height))
        header.append(contentsOf: [8, 2, 0, 0, 0]) // 8-bit, RGB, deflate, no filter, no interlace
        png.append(chunk: "IHDR", header)
        png.append(chunk: "IDAT", zlibStored(rgbRows))
        png.append(chunk: "IEND", Data())
        return png
    }

    /// A zlib stream of uncompressed deflate blocks (at most 65,535 bytes each).
    private static func zlibStored(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        var offset = 0
        repeat {
            let length = min(65_535, data.count - offset)
            out.append(offset + length == data.count ? 1 : 0)
            out.append(UInt8(length & 0xFF)); out.append(UInt8(length >> 8))
            out.append(UInt8(~length & 0xFF)); out.append(UInt8((~length >> 8) & 0xFF))
            out.append(data[data.startIndex + offset ..< data.startIndex + offset + length])
            offset += length
        } while offset < data.count
        out.append(bigEndian: adler32(data))
        return out
    }

    private static func adler32(_ data: Data) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        return b << 16 | a
    }

    static let crcTable: [UInt32] = (0..<256).map { n in
        (0..<8).reduce(UInt32(n)) { c, _ in c & 1 == 1 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
    }

    static func crc32(_ bytes: Data) -> UInt32 {
        ~bytes.reduce(~UInt32(0)) { crcTable[Int(($0 ^ UInt32($1)) & 0xFF)] ^ ($0 >> 8) }
    }
}

private extension Data {
    mutating func append(bigEndian value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)])
    }

    mutating func append(chunk type: String, _ payload: Data) {
        append(bigEndian: UInt32(payload.count))
        let typed = Data(type.utf8) + payload
        append(typed)
        append(bigEndian: PNGImage.crc32(typed))
    }
}
