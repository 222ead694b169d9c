import Foundation

extension FavoritesArchive {
    /// A JSON favorites file read straight from its bytes, as Export writes it: `JSONDecoder` spends
    /// about 30 µs on each favorite, most of what importing 100,000 takes. Anything the reader
    /// does not expect (malformed JSON, a value of another type, a repeated key, a number that is
    /// not a plain integer, a newer version) makes it give up with nil, and the file is decoded by
    /// `JSONDecoder`, which says what is wrong and where: the two never disagree on what a file
    /// holds, only on how fast they read it.
    static func read(json data: Data) -> FavoritesArchive? {
        data.withUnsafeBytes { raw in
            var reader = FavoritesJSONReader(bytes: raw.bindMemory(to: UInt8.self))
            return try? reader.archive()
        }
    }
}

/// Reads the favorites file's JSON token by token; every method throws `GiveUp` at the first
/// thing it does not expect.
struct FavoritesJSONReader {
    struct GiveUp: Error {}

    let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0
    /// How deep `skipValue` may go into values the file has and the app does not read.
    private static let maximumDepth = 32

    init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func archive() throws -> FavoritesArchive {
        var format: String?, version: Int?, server: URL?, exportedAt: Date?
        var people: [PersonFavorite]?, repositories: [RepositoryFavorite]?
        var seen = Fields()
        try expect(UInt8(ascii: "{"))
        var first = true
        while let key = try nextKey(&first) {
            switch key {
            case "format": try seen.mark(0); format = try string()
            case "version": try seen.mark(1); version = Int(exactly: try integer())
            case "server": try seen.mark(2); server = try url()
            case "exportedAt": try seen.mark(3); exportedAt = try date()
            case "people": try seen.mark(4); people = try array { try $0.person() }
            case "repositories": try seen.mark(5); repositories = try array { try $0.repository() }
            default: try skipValue()
            }
        }
        skipWhitespace()
        guard at == bytes.count, format == FavoritesArchive.format, let version, version <= FavoritesArchive.version, let server, let exportedAt,
              let people, let repositories else { throw GiveUp() }
        var archive = FavoritesArchive(server: server, exportedAt: exportedAt, people: people, repositories: repositories)
        archive.version = version
        return archive
    }

    mutating func person() throws -> PersonFavorite {
        var id: Int64?, login: String?, name: String?, avatarURL: URL?, type: AccountType?, profileURL: URL?, addedAt: Date?, note: String?, tags: [String]?
        var seen = Fields()
        try expect(UInt8(ascii: "{"))
        var first = true
        while let key = try nextKey(&first) {
            switch key {
            case "id": try seen.mark(0); id = try integer()
            case "login": try seen.mark(1); login = try string()
            case "name": try seen.mark(2); name = try orNull { try $0.string() }
            case "avatarURL": try seen.mark(3); avatarURL = try orNull { try $0.url() }
            case "type": try seen.mark(4); type = AccountType(rawValue: try string())
            case "profileURL": try seen.mark(5); profileURL = try orNull { try $0.url() }
            case "addedAt": try seen.mark(6); addedAt = try date()
            case "note": try seen.mark(7); note = try orNull { try $0.string() }
            case "tags": try seen.mark(8); tags = try orNull { try $0.array { try $0.string() } }
            default: try skipValue()
            }
        }
        guard let id, let login, let type, let addedAt else { throw GiveUp() }
        return PersonFavorite(id: id, login: login, name: name, avatarURL: avatarURL, type: type, profileURL: profileURL, addedAt: addedAt,
                              notes: FavoriteNotes(note: note, tags: tags ?? []))
    }

    mutating func repository() throws -> RepositoryFavorite {
        var id: Int64?, fullName: String?, ownerLogin: String?, ownerID: Int64?, name: String?, description: String?, language: String?
        var stars: Int?, ownerAvatarURL: URL?, htmlURL: URL?, addedAt: Date?, note: String?, tags: [String]?
        var seen = Fields()
        try expect(UInt8(ascii: "{"))
        var first = true
        while let key = try nextKey(&first) {
            switch key {
            case "id": try seen.mark(0); id = try integer()
            case "fullName": try seen.mark(1); fullName = try string()
            case "ownerLogin": try seen.mark(2); ownerLogin = try string()
            case "ownerID": try seen.mark(3); ownerID = try orNull { try $0.integer() }
            case "name": try seen.mark(4); name = try string()
            case "description": try seen.mark(5); description = try orNull { try $0.string() }
            case "language": try seen.mark(6); language = try orNull { try $0.string() }
            case "stars": try seen.mark(7); stars = Int(exactly: try integer())
            case "ownerAvatarURL": try seen.mark(8); ownerAvatarURL = try orNull { try $0.url() }
            case "htmlURL": try seen.mark(9); htmlURL = try orNull { try $0.url() }
            case "addedAt": try seen.mark(10); addedAt = try date()
            case "note": try seen.mark(11); note = try orNull { try $0.string() }
            case "tags": try seen.mark(12); tags = try orNull { try $0.array { try $0.string() } }
            default: try skipValue()
            }
        }
        guard let id, let fullName, let ownerLogin, let name, let stars, let addedAt else { throw GiveUp() }
        return RepositoryFavorite(id: id, fullName: fullName, ownerLogin: ownerLogin, ownerID: ownerID, name: name, description: description, language: language,
                                  stars: stars, ownerAvatarURL: ownerAvatarURL, htmlURL: htmlURL, addedAt: addedAt, notes: FavoriteNotes(note: note, tags: tags ?? []))
    }

    /// Which of an object's fields were read: a repeated one gives up.
    struct Fields {
        private var bits: UInt32 = 0

        mutating func mark(_ field: UInt32) throws {
            guard bits & 1 << field == 0 else { throw GiveUp() }
            bits |= 1 << field
        }
    }

    // MARK: Values

    /// `value`, or nil for a JSON null.
    mutating func orNull<Value>(_ value: (inout FavoritesJSONReader) throws -> Value) throws -> Value? {
        skipWhitespace()
        if peek == UInt8(ascii: "n") {
            try literal("null")
            return nil
        }
        return try value(&self)
    }

    mutating func array<Element>(_ element: (inout FavoritesJSONReader) throws -> Element) throws -> [Element] {
        try expect(UInt8(ascii: "["))
        var elements: [Element] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            at += 1
            return elements
        }
        while true {
            elements.append(try element(&self))
            skipWhitespace()
            guard at < bytes.count else { throw GiveUp() }
            let byte = bytes[at]
            at += 1
            if byte == UInt8(ascii: "]") { return elements }
            guard byte == UInt8(ascii: ",") else { throw GiveUp() }
        }
    }

    /// The next key of an object whose `{` was read, nil at its `}`. `first`: no member was
    /// read yet (so no comma comes before this one).
    mutating func nextKey(_ first: inout Bool) throws -> String? {
        skipWhitespace()
        if peek == UInt8(ascii: "}") {
            at += 1
            return nil
        }
        if !first { try expect(UInt8(ascii: ",")) }
        first = false
        let key = try string()
        try expect(UInt8(ascii: ":"))
        return key
    }

    /// A plain JSON integer: an optional minus and digits, no leading zero, fraction or exponent.
    mutating func integer() throws -> Int64 {
        skipWhitespace()
        let negative = peek == UInt8(ascii: "-")
        if negative { at += 1 }
        let start = at
        var value: Int64 = 0
        while at < bytes.count, bytes[at] &- UInt8(ascii: "0") < 10 {
            let (shifted, overflow1) = value.multipliedReportingOverflow(by: 10)
            let (added, overflow2) = shifted.addingReportingOverflow(Int64(bytes[at] - UInt8(ascii: "0")))
            guard !overflow1, !overflow2 else { throw GiveUp() }
            value = added
            at += 1
        }
        let digits = at - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { throw GiveUp() }
        if let next = peek, next == UInt8(ascii: ".") || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") { throw GiveUp() }
        return negative ? -value : value
    }

    mutating func url() throws -> URL {
        guard let url = URL(string: try string()) else { throw GiveUp() }
        return url
    }

    mutating func date() throws -> Date {
        guard let date = FavoritesArchive.date(try string()) else { throw GiveUp() }
        return date
    }

    /// A JSON string, its escapes decoded; valid UTF-8 only.
    mutating func string() throws -> String {
        try expect(UInt8(ascii: "\""))
        let start = at
        var isASCII = true
        while at < bytes.count {
            let byte = bytes[at]
            if byte == UInt8(ascii: "\"") {
                let text = UnsafeBufferPointer(rebasing: bytes[start..<at])
                at += 1
                if isASCII { return String(decoding: text, as: UTF8.self) }
                guard let valid = String(validating: text, as: UTF8.self) else { throw GiveUp() }
                return valid
            }
            if byte == UInt8(ascii: "\\") {
                at = start
                return try escapedString()
            }
            guard byte >= 0x20 else { throw GiveUp() }
            if byte >= 0x80 { isASCII = false }
            at += 1
        }
        throw GiveUp()
    }

    /// The rest of a string that has escapes, from its first byte after the quote.
    private mutating func escapedString() throws -> String {
        var utf8: [UInt8] = []
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let valid = String(validating: utf8, as: UTF8.self) else { throw GiveUp() }
                return valid
            case UInt8(ascii: "\\"):
                guard at < bytes.count else { throw GiveUp() }
                let escape = bytes[at]
                at += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): utf8.append(escape)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = UInt32(try hex4())
                    if (0xD800..<0xDC00).contains(scalar) {
                        // A high surrogate must be followed by its low one.
                        guard at + 1 < bytes.count, bytes[at] == UInt8(ascii: "\\"), bytes[at + 1] == UInt8(ascii: "u") else { throw GiveUp() }
                        at += 2
                        let low = UInt32(try hex4())
                        guard (0xDC00..<0xE000).contains(low) else { throw GiveUp() }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw GiveUp() }
                    utf8.append(contentsOf: String(Character(unicode)).utf8)
                default: throw GiveUp()
                }
            default:
                guard byte >= 0x20 else { throw GiveUp() }
                utf8.append(byte)
            }
        }
        throw GiveUp()
    }

    private mutating func hex4() throws -> UInt16 {
        guard at + 4 <= bytes.count else { throw GiveUp() }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[at]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw GiveUp()
            }
            value = value << 4 | UInt16(digit)
            at += 1
        }
        return value
    }

    /// Steps over a value the app does not read, checking that it is JSON.
    mutating func skipValue(depth: Int = 0) throws {
        guard depth < Self.maximumDepth else { throw GiveUp() }
        skipWhitespace()
        guard at < bytes.count else { throw GiveUp() }
        switch bytes[at] {
        case UInt8(ascii: "\""): _ = try string()
        case UInt8(ascii: "{"):
            at += 1
            var first = true
            while try nextKey(&first) != nil { try skipValue(depth: depth + 1) }
        case UInt8(ascii: "["): _ = try array { try $0.skipValue(depth: depth + 1) }
        case UInt8(ascii: "t"): try literal("true")
        case UInt8(ascii: "f"): try literal("false")
        case UInt8(ascii: "n"): try literal("null")
        default: try skipNumber()
        }
    }

    /// A JSON number: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
    private mutating func skipNumber() throws {
        if peek == UInt8(ascii: "-") { at += 1 }
        func digits() throws -> Int {
            let start = at
            while at < bytes.count, bytes[at] &- UInt8(ascii: "0") < 10 { at += 1 }
            guard at > start else { throw GiveUp() }
            return at - start
        }
        let start = at
        if try digits() > 1, bytes[start] == UInt8(ascii: "0") { throw GiveUp() }
        if peek == UInt8(ascii: ".") {
            at += 1
            _ = try digits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            at += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { at += 1 }
            _ = try digits()
        }
    }

    private mutating func literal(_ word: StaticString) throws {
        let count = word.utf8CodeUnitCount
        guard at + count <= bytes.count, memcmp(bytes.baseAddress! + at, word.utf8Start, count) == 0 else { throw GiveUp() }
        at += count
    }

    private mutating func expect(_ byte: UInt8) throws {
        skipWhitespace()
        guard at < bytes.count, bytes[at] == byte else { throw GiveUp() }
        at += 1
    }

    private var peek: UInt8? { at < bytes.count ? bytes[at] : nil }

    private mutating func skipWhitespace() {
        while at < bytes.count, Self.isWhitespace(bytes[at]) { at += 1 }
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
