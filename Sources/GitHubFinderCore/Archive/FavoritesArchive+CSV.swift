import Foundation

/// The CSV form, for spreadsheets and scripts: one row per favorite, people and repositories
/// told apart by `kind`, RFC 4180 quoting, UTF-8, CRLF line ends. A cell that a spreadsheet would
/// run as a formula (starting with `=`, `+`, `-`, `@`) is written with a leading `'`, which
/// reading takes off again.
extension FavoritesArchive {
    static let csvColumns = ["kind", "id", "login", "name", "type", "owner_id", "full_name", "description", "language", "stars",
                             "avatar_url", "url", "added_at", "server", "note", "tags"]
    private static let requiredColumns: Set<String> = ["kind", "id", "login", "name", "added_at", "server"]

    public func csv() -> Data {
        let server = server.absoluteString
        var rows = [Self.csvColumns]
        for person in people {
            rows.append(["person", String(person.id), person.login, person.name ?? "", person.type.rawValue, "", "", "", "", "",
                         person.avatarURL?.absoluteString ?? "", person.profileURL?.absoluteString ?? "", Self.dateText(person.addedAt), server]
                        + Self.cells(person.notes))
        }
        for repository in repositories {
            rows.append(["repository", String(repository.id), repository.ownerLogin, repository.name, "", repository.ownerID.map(String.init) ?? "",
                         repository.fullName, repository.description ?? "", repository.language ?? "", String(repository.stars),
                         repository.ownerAvatarURL?.absoluteString ?? "", repository.htmlURL?.absoluteString ?? "", Self.dateText(repository.addedAt), server]
                        + Self.cells(repository.notes))
        }
        return Data(rows.map { $0.map(Self.quoted).joined(separator: ",") + "\r\n" }.joined().utf8)
    }

    /// Reads and checks a CSV file. A file with no rows holds no server: it is `server`'s.
    public init(csv data: Data, server fallback: URL, now: Date = Date()) throws(FavoritesArchiveError) {
        guard let text = String(data: data, encoding: .utf8) else { throw .invalid(tr("not UTF-8 text")) }
        let rows = try CSVReader.rows(text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text)
        guard let header = rows.first?.map({ $0.trimmingCharacters(in: .whitespaces).lowercased() }) else { throw .invalid(tr("the file is empty")) }
        let missing = Self.requiredColumns.subtracting(header)
        guard missing.isEmpty else { throw .invalid(tr("column {name} is missing", ["name": missing.sorted().joined(separator: ", ")])) }
        let column = Dictionary(header.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        var people: [PersonFavorite] = [], repositories: [RepositoryFavorite] = [], servers = Set<URL>()
        for (offset, cells) in rows.dropFirst().enumerated() where cells != [""] {
            let line = offset + 2
            func cell(_ name: String) -> String {
                guard let index = column[name], index < cells.count else { return "" }
                return Self.unquotedFormula(cells[index])
            }
            func fail(_ name: String) -> FavoritesArchiveError {
                .invalid(tr("line {line}, {field}: not a valid value", ["line": String(line), "field": name]))
            }
            func optional(_ name: String) -> String? { cell(name).isEmpty ? nil : cell(name) }
            func url(_ name: String) throws(FavoritesArchiveError) -> URL? {
                guard let text = optional(name) else { return nil }
                guard let url = URL(string: text) else { throw fail(name) }
                return url
            }
            let notes = FavoriteNotes(note: optional("note"), tags: FavoriteTags.parse(typed: cell("tags")))
            guard let id = Int64(cell("id")) else { throw fail("id") }
            guard let addedAt = Self.date(cell("added_at")) else { throw fail("added_at") }
            guard let server = URL(string: cell("server")), !cell("server").isEmpty else { throw fail("server") }
            servers.insert(server)
            switch cell("kind") {
            case "person":
                guard let type = optional("type").map(AccountType.init(rawValue:)) ?? .user else { throw fail("type") }
                people.append(PersonFavorite(id: id, login: cell("login"), name: optional("name"), avatarURL: try url("avatar_url"), type: type,
                                       profileURL: try url("url"), addedAt: addedAt, notes: notes))
            case "repository":
                let ownerID = try optional("owner_id").map { text throws(FavoritesArchiveError) in
                    guard let value = Int64(text) else { throw fail("owner_id") }
                    return value
                }
                guard let stars = optional("stars").map(Int.init) ?? 0 else { throw fail("stars") }
                let fullName = optional("full_name") ?? "\(cell("login"))/\(cell("name"))"
                repositories.append(RepositoryFavorite(id: id, fullName: fullName, ownerLogin: cell("login"), ownerID: ownerID, name: cell("name"),
                                                       description: optional("description"), language: optional("language"), stars: stars,
                                                       ownerAvatarURL: try url("avatar_url"), htmlURL: try url("url"), addedAt: addedAt, notes: notes))
            default: throw fail("kind")
            }
        }
        guard servers.count <= 1 else { throw .invalid(tr("the rows name more than one server")) }
        self.init(server: servers.first ?? fallback, exportedAt: now, people: people, repositories: repositories)
        try validate()
    }

    /// The note and tags cells: tags joined with ", " (a tag never holds a comma).
    private static func cells(_ notes: FavoriteNotes) -> [String] {
        [notes.note ?? "", notes.tags.joined(separator: ", ")]
    }

    /// ISO 8601 in UTC with milliseconds, the precision the database keeps, rounded (not cut:
    /// a date read back from SQLite can be a hair under its millisecond).
    static func dateText(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let (seconds, fraction) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let whole = Date(timeIntervalSince1970: TimeInterval(fraction < 0 ? seconds - 1 : seconds))
        let text = whole.formatted(.iso8601)  // "2026-11-25T10:11:12Z"
        return String(text.dropLast()) + "." + String(String((fraction + 1000) % 1000 + 1000).dropFirst()) + "Z"
    }

    /// ISO 8601, with or without fractional seconds, to the millisecond. A tenth of a
    /// millisecond is added so that SQLite's text form, which cuts to the millisecond, keeps the
    /// same one (and an import of an export changes nothing).
    static func date(_ text: String) -> Date? {
        guard let date = UTCTimestamp.date(text) ?? (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) ?? (try? Date(text, strategy: .iso8601)) else {
            return nil
        }
        return Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000 + 0.0001)
    }

    private static let formulaStarts: Set<Character> = ["=", "+", "-", "@", "\t", "\r"]

    /// Quoted when it must be; a formula-like cell made inert with a leading `'`.
    static func quoted(_ cell: String) -> String {
        let cell = cell.first.map(formulaStarts.contains) == true ? "'" + cell : cell
        guard cell.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return cell }
        return "\"" + cell.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func unquotedFormula(_ cell: String) -> String {
        guard cell.first == "'", let second = cell.dropFirst().first, formulaStarts.contains(second) else { return cell }
        return String(cell.dropFirst())
    }
}

/// RFC 4180 rows: fields split on commas, quoted fields may hold commas, quotes (doubled) and
/// line breaks; rows end in CRLF or LF.
enum CSVReader {
    static func rows(_ text: String) throws(FavoritesArchiveError) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = ""
        var inQuotes = false, wasQuoted = false, line = 1
        var characters = text.makeIterator()
        var pending: Character? = nil
        func next() -> Character? {
            if let character = pending { pending = nil; return character }
            return characters.next()
        }
        while let character = next() {
            if inQuotes {
                if character == "\"" {
                    let following = next()
                    if following == "\"" { field.append("\"") } else { inQuotes = false; pending = following }
                } else {
                    if character == "\n" || character == "\r\n" { line += 1 }
                    field.append(character)
                }
                continue
            }
            switch character {
            case "\"" where field.isEmpty && !wasQuoted:
                inQuotes = true
                wasQuoted = true
            case ",":
                row.append(field)
                field = ""
                wasQuoted = false
            case "\n", "\r\n", "\r":
                row.append(field)
                rows.append(row)
                row = []
                field = ""
                wasQuoted = false
                line += 1
            case _ where wasQuoted:
                throw .invalid(tr("line {line}: text after a closing quote", ["line": String(line)]))
            default:
                field.append(character)
            }
        }
        guard !inQuotes else { throw .invalid(tr("line {line}: a quote is not closed", ["line": String(line)])) }
        if !field.isEmpty || wasQuoted || !row.isEmpty {
            row.append(field)
            rows.append(row)
        }
        return rows
    }
}
