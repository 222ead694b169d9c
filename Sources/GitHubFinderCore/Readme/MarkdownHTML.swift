import Foundation

/// Raw HTML in Markdown, cut into tags and text, never run: `MarkdownBuilder` renders the few
/// tags READMEs use for layout and shows or drops the rest.
enum HTMLToken: Equatable {
    case text(String)
    /// A start tag, its name lowercased, its attributes' names lowercased and values decoded.
    case start(String, [String: String], selfClosing: Bool)
    case end(String)
}

enum HTMLTokenizer {
    /// The tokens of `html`. Comments, doctypes and processing instructions are dropped; a `<`
    /// that starts no tag is text.
    static func tokens(_ html: String) -> [HTMLToken] {
        var tokens: [HTMLToken] = []
        let scalars = Array(html.unicodeScalars)
        var text = String.UnicodeScalarView()
        var index = 0
        func flush() {
            if !text.isEmpty { tokens.append(.text(decodeEntities(String(text)))); text = String.UnicodeScalarView() }
        }
        // Where a tag that never closed was looked for: a `<` before it starts no tag either, so
        // no stretch of text is looked through twice.
        var noTagBefore = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard scalar == "<", index >= noTagBefore else { text.append(scalar); index += 1; continue }
            if let end = skipMarkup(scalars, from: index) {
                flush()
                index = end
            } else {
                switch tag(scalars, from: index) {
                case .found(let token, let end):
                    flush()
                    tokens.append(token)
                    index = end
                case .none(let lookedTo):
                    noTagBefore = lookedTo
                    text.append(scalar)
                    index += 1
                }
            }
        }
        flush()
        return tokens
    }

    /// The end of a comment, doctype or processing instruction starting at `start`.
    private static func skipMarkup(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        guard start + 1 < s.count, s[start + 1] == "!" || s[start + 1] == "?" else { return nil }
        if start + 3 < s.count, s[start + 2] == "-", s[start + 3] == "-" {
            var i = start + 4
            while i + 2 < s.count {
                if s[i] == "-", s[i + 1] == "-", s[i + 2] == ">" { return i + 3 }
                i += 1
            }
            return s.count
        }
        var i = start + 2
        while i < s.count, s[i] != ">" { i += 1 }
        return min(i + 1, s.count)
    }

    private static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-" || scalar == ":" || scalar == "_")
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    private enum TagScan {
        case found(HTMLToken, end: Int)
        /// `<` starts no tag; the scan looked as far as `lookedTo`.
        case none(lookedTo: Int)
    }

    /// A start or end tag at `start`, and where it ends.
    private static func tag(_ s: [Unicode.Scalar], from start: Int) -> TagScan {
        var i = start + 1
        let closing = i < s.count && s[i] == "/"
        if closing { i += 1 }
        guard i < s.count, s[i].isASCII, s[i].properties.isAlphabetic else { return .none(lookedTo: i) }
        var name = ""
        while i < s.count, isNameScalar(s[i]) { name.unicodeScalars.append(s[i]); i += 1 }
        name = name.lowercased()
        var attributes: [String: String] = [:]
        var selfClosing = false
        var closed = false
        // A tag longer than this is text: looking for a `>` that never comes from every `<` of a
        // long line would be quadratic.
        let end = min(s.count, start + 4_096)
        while i < end {
            while i < end, isSpace(s[i]) { i += 1 }
            guard i < end else { return .none(lookedTo: i) }
            if s[i] == ">" { i += 1; closed = true; break }
            if s[i] == "/" { selfClosing = true; i += 1; continue }
            var attribute = ""
            while i < end, !isSpace(s[i]), s[i] != "=", s[i] != ">", s[i] != "/" {
                attribute.unicodeScalars.append(s[i]); i += 1
            }
            if attribute.isEmpty { i += 1; continue }
            while i < end, isSpace(s[i]) { i += 1 }
            var value = ""
            if i < end, s[i] == "=" {
                i += 1
                while i < end, isSpace(s[i]) { i += 1 }
                if i < end, s[i] == "\"" || s[i] == "'" {
                    let quote = s[i]
                    i += 1
                    while i < end, s[i] != quote { value.unicodeScalars.append(s[i]); i += 1 }
                    i += 1
                } else {
                    while i < end, !isSpace(s[i]), s[i] != ">" { value.unicodeScalars.append(s[i]); i += 1 }
                }
            }
            if attributes[attribute.lowercased()] == nil { attributes[attribute.lowercased()] = decodeEntities(value) }
        }
        guard closed else { return .none(lookedTo: i) }
        return .found(closing ? .end(name) : .start(name, attributes, selfClosing: selfClosing), end: i)
    }

    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "copy": "©",
        "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–", "middot": "·", "bull": "•",
        "laquo": "«", "raquo": "»", "times": "×", "rarr": "→", "larr": "←", "check": "✓", "emsp": "\u{2003}",
        "ensp": "\u{2002}", "thinsp": "\u{2009}", "zwj": "\u{200D}", "zwnj": "\u{200C}",
    ]

    /// `text` with `&name;`, `&#N;` and `&#xN;` replaced (unknown ones stay as written).
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semicolon = after.prefix(12).firstIndex(of: ";") else {
                result += "&"; rest = after; continue
            }
            let entity = after[..<semicolon]
            var replacement: String?
            if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
                replacement = UInt32(entity.dropFirst(2), radix: 16).flatMap(Self.character)
            } else if entity.hasPrefix("#") {
                replacement = UInt32(entity.dropFirst()).flatMap(Self.character)
            } else {
                replacement = namedEntities[String(entity)]
            }
            if let replacement {
                result += replacement
                rest = after[after.index(after: semicolon)...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }

    private static func character(_ value: UInt32) -> String? {
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return String(scalar)
    }
}

/// How `MarkdownBuilder` reads the tags of raw HTML.
enum HTMLTags {
    /// Tags that are dropped with everything inside them.
    static let droppedWithContent: Set<String> = [
        "script", "style", "iframe", "object", "embed", "noscript", "template", "textarea", "title", "head", "svg", "math", "select",
    ]
    static let inlineStyles: [String: MarkdownStyle] = [
        "b": .strong, "strong": .strong, "i": .emphasis, "em": .emphasis, "s": .strikethrough, "del": .strikethrough,
        "strike": .strikethrough, "code": .code, "tt": .code, "kbd": .keyboard, "sub": .lowered, "sup": .raised,
    ]
}
