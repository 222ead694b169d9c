import Foundation

/// Text made comparable for GNOME Shell's search: lowercased and stripped of accents ("Émile"
/// and "emile" meet), as UTF-8 bytes. ASCII, the bulk of logins and names, is folded byte by
/// byte; the Latin letters with accents through a table made once; other scripts (Korean, say)
/// are lowercased where they have case and kept as they are otherwise.
enum SearchFolding {
    static func fold(_ text: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        append(text, to: &out)
        return out
    }

    static func append(_ text: String, to out: inout [UInt8]) {
        if text.utf8.allSatisfy({ $0 < 0x80 }) {
            for byte in text.utf8 { out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte) }
            return
        }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value < 0x80 {
                let byte = UInt8(value)
                out.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
            } else if value >= latinStart, value < latinStart + UInt32(latin.count) {
                out.append(contentsOf: latin[Int(value - latinStart)])
            } else if scalar.properties.changesWhenLowercased {
                out.append(contentsOf: scalar.properties.lowercaseMapping.utf8)
            } else {
                out.append(contentsOf: String(scalar).utf8)
            }
        }
    }

    /// U+00C0 to U+024F (Latin-1 Supplement letters, Latin Extended-A and -B), each folded.
    private static let latinStart: UInt32 = 0xC0
    private static let latin: [[UInt8]] = (0xC0...0x24F).map { value in
        guard let scalar = Unicode.Scalar(UInt32(value)) else { return [] }
        return Array(String(scalar).folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil).lowercased().utf8)
    }

    /// Where `needle` starts in `haystack`, or nil.
    static func find(_ needle: ArraySlice<UInt8>, in haystack: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = needle.first, needle.count <= haystack.count else { return needle.isEmpty ? 0 : nil }
        let last = haystack.count - needle.count
        var index = 0
        while index <= last {
            if haystack[index] == first {
                var matched = 1
                while matched < needle.count, haystack[index + matched] == needle[needle.startIndex + matched] { matched += 1 }
                if matched == needle.count { return index }
            }
            index += 1
        }
        return nil
    }
}
