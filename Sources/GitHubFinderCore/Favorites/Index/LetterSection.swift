import Foundation

/// The letter sections the Favorites lists are grouped under: "A"…"Z", then "#" for anything
/// that does not start with a letter A–Z after folding case and accents.
enum LetterSection {
    /// The bucket for anything that does not start with a letter A–Z.
    static let other = "#"
    /// "A"…"Z", then "#": section numbers are indexes in here.
    static let titles = (UInt8(ascii: "A")...UInt8(ascii: "Z")).map { String(UnicodeScalar($0)) } + [other]

    /// 0…25 for A…Z, 26 for "#".
    static func number(for text: String) -> UInt8 {
        // Nearly every login or repository name starts with an ASCII letter or digit: no Unicode
        // folding needed.
        if let byte = text.utf8.first, byte < 0x80 { return number(asciiFirstByte: byte) }
        guard let first = text.first else { return 26 }
        let folded = String(first).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).uppercased()
        guard folded.utf8.count == 1, let byte = folded.utf8.first, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) else { return 26 }
        return byte - UInt8(ascii: "A")
    }

    /// The section of UTF-8 `bytes`, making a `String` only when they start with non-ASCII.
    static func number(forUTF8 bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
        if let first = bytes.first, first < 0x80 { return number(asciiFirstByte: first) }
        return number(for: String(decoding: bytes, as: UTF8.self))
    }

    static func number(asciiFirstByte byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a")
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        default: 26
        }
    }
}
