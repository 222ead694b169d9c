import Foundation

/// The repository-search qualifiers the Filters popover edits. They live in the query text, where
/// the user sees and can edit them: `init(parsing:)` reads them from it, `applied(to:)` writes
/// them back, replacing a qualifier of the same key instead of adding a second one, and leaving
/// the words, unknown qualifiers and negated ones (`-language:go`) as they were typed.
public struct SearchQualifiers: Equatable, Sendable {
    /// `language:Swift`, `language:"Visual Basic"`.
    public var language: String?
    /// `stars:>=100`; nil or 0: no minimum.
    public var minimumStars: Int?
    /// The user or organization owning the repository: `user:NAME` (`org:NAME` is read too).
    public var owner: String?
    /// `topic:cli`.
    public var topic: String?
    /// `archived:false`.
    public var hidesArchived = false
    /// `fork:true`: forks are listed with the rest (GitHub leaves them out by default).
    public var includesForks = false
    /// `in:name,description,readme`.
    public var searchesReadme = false

    public init(language: String? = nil, minimumStars: Int? = nil, owner: String? = nil, topic: String? = nil,
                hidesArchived: Bool = false, includesForks: Bool = false, searchesReadme: Bool = false) {
        self.language = language
        self.minimumStars = minimumStars
        self.owner = owner
        self.topic = topic
        self.hidesArchived = hidesArchived
        self.includesForks = includesForks
        self.searchesReadme = searchesReadme
    }

    static let readmeFields: Set<String> = ["name", "description", "readme"]

    /// The qualifiers `query` has; the first of a key counts. One the popover cannot show (a
    /// `stars:10..50` range) reads as unset, and stays in the text unless that field is changed.
    public init(parsing query: String) {
        let tokens = QueryToken.scan(query)
        func first(_ keys: Set<String>) -> String? { tokens.first { $0.key.map(keys.contains) == true }?.value }
        language = first(["language"]).flatMap(Self.cleaned)
        minimumStars = first(["stars"]).flatMap(Self.minimum)
        owner = first(["user", "org"]).flatMap(Self.cleaned)
        topic = first(["topic"]).flatMap(Self.cleaned)
        hidesArchived = first(["archived"])?.lowercased() == "false"
        includesForks = first(["fork"])?.lowercased() == "true"
        searchesReadme = first(["in"]).map { Set($0.lowercased().split(separator: ",").map(String.init)) == Self.readmeFields } ?? false
    }

    /// `query` with these qualifiers in it. Only what differs from the qualifiers already there
    /// is written: a changed one replaces the first of its key in place (and drops any others of
    /// that key), a cleared one is removed, a new one is added at the end.
    public func applied(to query: String) -> String {
        let current = SearchQualifiers(parsing: query)
        var edits: [(keys: Set<String>, token: String?)] = []
        if normalized.language != current.language { edits.append((["language"], normalized.language.map { "language:" + Self.quoted($0) })) }
        if normalized.minimumStars != current.minimumStars { edits.append((["stars"], normalized.minimumStars.map { "stars:>=\($0)" })) }
        if normalized.owner != current.owner { edits.append((["user", "org"], normalized.owner.map { "user:" + Self.quoted($0) })) }
        if normalized.topic != current.topic { edits.append((["topic"], normalized.topic.map { "topic:" + Self.quoted($0) })) }
        if hidesArchived != current.hidesArchived { edits.append((["archived"], hidesArchived ? "archived:false" : nil)) }
        if includesForks != current.includesForks { edits.append((["fork"], includesForks ? "fork:true" : nil)) }
        if searchesReadme != current.searchesReadme { edits.append((["in"], searchesReadme ? "in:name,description,readme" : nil)) }
        guard !edits.isEmpty else { return query }

        let tokens = QueryToken.scan(query)
        var texts: [String?] = tokens.map { String(query[$0.range]) }
        var appended: [String] = []
        for edit in edits {
            let matches = tokens.indices.filter { tokens[$0].key.map(edit.keys.contains) == true }
            for (order, index) in matches.enumerated() { texts[index] = order == 0 ? edit.token : nil }
            if matches.isEmpty, let token = edit.token { appended.append(token) }
        }
        return Self.join(query, tokens, texts, appended)
    }

    /// Text fields trimmed, quotes dropped (GitHub has no escape for them), empty ones nil; no
    /// minimum below 1.
    var normalized: SearchQualifiers {
        var copy = self
        copy.language = language.flatMap(Self.cleaned)
        copy.owner = owner.flatMap(Self.cleaned).map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 }.flatMap(Self.cleaned)
        copy.topic = topic.flatMap(Self.cleaned)
        copy.minimumStars = minimumStars.flatMap { $0 > 0 ? $0 : nil }
        return copy
    }

    static func cleaned(_ value: String) -> String? {
        let text = value.replacingOccurrences(of: "\"", with: "").trimmingCharacters(in: .whitespacesAndNewlines)
        return text.isEmpty ? nil : text
    }

    /// `>=N`, `>N` and `N..*` are minimums; anything else (`<N`, `N..M`, `N`) is not one.
    static func minimum(_ value: String) -> Int? {
        if value.hasPrefix(">=") { return Int(value.dropFirst(2)) }
        if value.hasPrefix(">") { return Int(value.dropFirst()).map { $0 + 1 } }
        if value.hasSuffix("..*") { return Int(value.dropLast(3)) }
        return nil
    }

    static func quoted(_ value: String) -> String {
        value.contains(where: \.isWhitespace) ? "\"\(value)\"" : value
    }

    /// The query again with each token's new text (nil: removed, with the space before it) and
    /// the new qualifiers at the end; the spacing between the tokens kept is left as typed.
    private static func join(_ query: String, _ tokens: [QueryToken], _ texts: [String?], _ appended: [String]) -> String {
        guard let firstToken = tokens.first else { return query + appended.joined(separator: " ") }
        var result = String(query[query.startIndex..<firstToken.range.lowerBound])
        var wroteAny = false
        for (index, token) in tokens.enumerated() {
            guard let text = texts[index] else { continue }
            if wroteAny { result += query[tokens[index - 1].range.upperBound..<token.range.lowerBound] }
            result += text
            wroteAny = true
        }
        let trailing = String(query[tokens[tokens.count - 1].range.upperBound...])
        guard !appended.isEmpty else { return result + trailing }
        return result + (wroteAny ? " " : "") + appended.joined(separator: " ")
    }
}

/// One whitespace-separated piece of a query; spaces inside double quotes do not separate.
struct QueryToken {
    var range: Range<String.Index>
    /// The qualifier's key, lowercased (`language`), when the token is `key:value`.
    var key: String?
    /// The value, without its quotes; the whole token when it is not a qualifier.
    var value: String

    static func scan(_ query: String) -> [QueryToken] {
        var tokens: [QueryToken] = []
        var index = query.startIndex
        while index < query.endIndex {
            guard !query[index].isWhitespace else {
                index = query.index(after: index)
                continue
            }
            let start = index
            var quoted = false
            while index < query.endIndex, quoted || !query[index].isWhitespace {
                if query[index] == "\"" { quoted.toggle() }
                index = query.index(after: index)
            }
            tokens.append(QueryToken(start..<index, in: query))
        }
        return tokens
    }

    private init(_ range: Range<String.Index>, in query: String) {
        self.range = range
        let text = query[range]
        // A key is letters only: `-language:go` (negated) and `"a:b"` (a phrase) are not qualifiers here.
        if let colon = text.firstIndex(of: ":"), colon > text.startIndex, text[..<colon].allSatisfy({ $0.isASCII && $0.isLetter }) {
            key = text[..<colon].lowercased()
            var value = text[text.index(after: colon)...]
            if value.hasPrefix("\"") {
                value = value.dropFirst()
                if value.hasSuffix("\"") { value = value.dropLast() }
            }
            self.value = String(value)
        } else {
            key = nil
            value = String(text)
        }
    }
}
