/// GitHub's "extended autolinks" (bare `https://…`, `http://…`, `www.…` in text), found in Swift:
/// cmark-gfm's own autolink extension is off (see markdown.c). As GFM's spec says, trailing
/// punctuation (`.,:;!?*_~'"`) is not part of the address, nor is a `)` without its `(`.
enum MarkdownAutolinks {
    struct Found {
        var range: Range<Substring.Index>
        /// What the link opens (`www.` addresses get `https://`).
        var address: String
    }

    static func next(in text: Substring) -> Found? {
        var searchFrom = text.startIndex
        while searchFrom < text.endIndex {
            let candidates = ["https://", "http://", "www."].compactMap { prefix in
                text[searchFrom...].range(of: prefix, options: .caseInsensitive).map { ($0, prefix) }
            }
            guard let (start, prefix) = candidates.min(by: { $0.0.lowerBound < $1.0.lowerBound }) else { return nil }
            // Only at a word's start: "xwww.example" is not an address.
            if start.lowerBound > text.startIndex {
                let before = text[text.index(before: start.lowerBound)]
                if before.isLetter || before.isNumber || before == "/" || before == "." || before == "-" {
                    searchFrom = start.upperBound
                    continue
                }
            }
            var end = start.upperBound
            while end < text.endIndex, !text[end].isWhitespace, text[end] != "<" { end = text.index(after: end) }
            end = trimmed(text, from: start.lowerBound, to: end)
            guard end > start.upperBound else {
                searchFrom = start.upperBound
                continue
            }
            let body = text[start.upperBound..<end]
            // A host must follow: at least one dot-separated label ("www.x" or "https://x").
            guard !body.isEmpty, body.first?.isLetter == true || body.first?.isNumber == true,
                  prefix != "www." || body.contains(".") || body.count > 1 else {
                searchFrom = start.upperBound
                continue
            }
            let matched = String(text[start.lowerBound..<end])
            return Found(range: start.lowerBound..<end, address: prefix == "www." ? "https://" + matched : matched)
        }
        return nil
    }

    /// `end` moved back over trailing punctuation and unbalanced closing parentheses.
    private static func trimmed(_ text: Substring, from start: Substring.Index, to end: Substring.Index) -> Substring.Index {
        var end = end
        while end > start {
            let last = text[text.index(before: end)]
            if ".,:;!?*_~'\"".contains(last) {
                end = text.index(before: end)
            } else if last == ")" {
                let candidate = text[start..<end]
                if candidate.filter({ $0 == ")" }).count > candidate.filter({ $0 == "(" }).count { end = text.index(before: end) } else { break }
            } else {
                break
            }
        }
        return end
    }
}
