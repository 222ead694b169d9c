/// GitHub's "extended autolinks" (bare `https://…`, `http://…`, `www.…` in text), found in Swift:
/// cmark-gfm's own autolink extension is off (see markdown.c). As GFM's spec says, trailing
/// punctuation (`.,:;!?*_~'"`) is not part of the address, nor is a `)` without its `(`.
/// One forward pass over the text, whatever it holds.
enum MarkdownAutolinks {
    struct Found {
        var range: Range<Substring.Index>
        /// What the link opens (`www.` addresses get `https://`).
        var address: String
    }

    private static let prefixes: [(text: [UInt8], isWWW: Bool)] = [(Array("https://".utf8), false), (Array("http://".utf8), false), (Array("www.".utf8), true)]

    static func next(in text: Substring) -> Found? {
        let bytes = text.utf8
        var index = bytes.startIndex
        var previous: UInt8 = 0x20
        while index < bytes.endIndex {
            let byte = bytes[index]
            // Only at a word's start: "xwww.example" and "a/http://" are not addresses.
            let atWordStart = !(isWordByte(previous) || previous == UInt8(ascii: "/") || previous == UInt8(ascii: ".") || previous == UInt8(ascii: "-"))
            if atWordStart, let prefix = prefixes.first(where: { matches($0.text, bytes, at: index) }) {
                let afterPrefix = bytes.index(index, offsetBy: prefix.text.count)
                var end = afterPrefix
                var opened = 0, closed = 0
                while end < bytes.endIndex, !isSpaceByte(bytes[end]), bytes[end] != UInt8(ascii: "<") {
                    if bytes[end] == UInt8(ascii: "(") { opened += 1 } else if bytes[end] == UInt8(ascii: ")") { closed += 1 }
                    end = bytes.index(after: end)
                }
                // Trailing punctuation and unbalanced `)` are not part of the address.
                while end > afterPrefix {
                    let last = bytes[bytes.index(before: end)]
                    if trailingPunctuation.contains(last) {
                        end = bytes.index(before: end)
                    } else if last == UInt8(ascii: ")"), closed > opened {
                        closed -= 1
                        end = bytes.index(before: end)
                    } else {
                        break
                    }
                }
                if end > afterPrefix, isWordByte(bytes[afterPrefix]) {
                    let matched = String(text[index..<end])
                    return Found(range: index..<end, address: prefix.isWWW ? "https://" + matched : matched)
                }
                // Not an address: go on after it (no byte is looked at twice).
                previous = bytes[bytes.index(before: max(end, afterPrefix))]
                index = max(end, afterPrefix)
                continue
            }
            previous = byte
            index = bytes.index(after: index)
        }
        return nil
    }

    private static let trailingPunctuation: Set<UInt8> = Set(".,:;!?*_~'\"".utf8)

    private static func matches(_ prefix: [UInt8], _ bytes: Substring.UTF8View, at index: Substring.UTF8View.Index) -> Bool {
        var at = index
        for expected in prefix {
            guard at < bytes.endIndex else { return false }
            var byte = bytes[at]
            if byte >= UInt8(ascii: "A"), byte <= UInt8(ascii: "Z") { byte += 32 }
            guard byte == expected else { return false }
            at = bytes.index(after: at)
        }
        return true
    }

    /// A letter or digit, or any byte of a non-ASCII character (a host may be IDN).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        byte >= 0x80 || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    private static func isSpaceByte(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }
}
