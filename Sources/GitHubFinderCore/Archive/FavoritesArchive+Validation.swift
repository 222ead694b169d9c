import Foundation

extension FavoritesArchive {
    /// What a file must hold beyond its JSON or CSV shape, so that nothing odd reaches the
    /// database or the screen: positive ids, each once; logins and names that GitHub could
    /// have made; `owner/name` agreeing with the owner and name; links that are http or https
    /// only (they are opened in the browser and loaded as avatars).
    func validate() throws(FavoritesArchiveError) {
        try Self.requireWeb(server, "server")
        var ids = Set<Int64>(), logins = Set<String>()
        for (index, person) in people.enumerated() {
            func field() -> String { "people[\(index)]" }
            guard person.id > 0 else { throw .invalid(tr("{field}: not a valid value", ["field": field() + ".id"])) }
            guard ids.insert(person.id).inserted else { throw .invalid(tr("{field}: listed twice", ["field": field() + ".id"])) }
            try Self.requireName(person.login, field() + ".login")
            guard logins.insert(person.login.lowercased()).inserted else { throw .invalid(tr("{field}: listed twice", ["field": field() + ".login"])) }
            try Self.requireWeb(person.avatarURL, field() + ".avatarURL")
            try Self.requireWeb(person.profileURL, field() + ".profileURL")
        }
        ids = []
        var fullNames = Set<String>()
        for (index, repository) in repositories.enumerated() {
            func field() -> String { "repositories[\(index)]" }
            guard repository.id > 0 else { throw .invalid(tr("{field}: not a valid value", ["field": field() + ".id"])) }
            guard ids.insert(repository.id).inserted else { throw .invalid(tr("{field}: listed twice", ["field": field() + ".id"])) }
            try Self.requireName(repository.ownerLogin, field() + ".ownerLogin")
            try Self.requireName(repository.name, field() + ".name")
            guard repository.fullName == "\(repository.ownerLogin)/\(repository.name)" else {
                throw .invalid(tr("{field}: not a valid value", ["field": field() + ".fullName"]))
            }
            guard fullNames.insert(repository.fullName.lowercased()).inserted else { throw .invalid(tr("{field}: listed twice", ["field": field() + ".fullName"])) }
            guard repository.stars >= 0, repository.ownerID.map({ $0 > 0 }) ?? true else {
                throw .invalid(tr("{field}: not a valid value", ["field": field() + (repository.stars < 0 ? ".stars" : ".ownerID")]))
            }
            try Self.requireWeb(repository.ownerAvatarURL, field() + ".ownerAvatarURL")
            try Self.requireWeb(repository.htmlURL, field() + ".htmlURL")
        }
    }

    /// A login or repository name: 1–100 characters, no spaces, slashes or control characters.
    private static func requireName(_ name: String, _ field: @autoclosure () -> String) throws(FavoritesArchiveError) {
        guard isPlainASCIIName(name) || isName(name) else { throw .invalid(tr("{field}: not a valid value", ["field": field()])) }
    }

    /// The rule for the ASCII names nearly every file holds, byte by byte (a 100,000-favorite
    /// import checks every one).
    private static func isPlainASCIIName(_ name: String) -> Bool {
        let bytes = name.utf8
        guard !bytes.isEmpty, bytes.count <= 100, name != ".", name != ".." else { return false }
        return bytes.allSatisfy { $0 > 0x20 && $0 < 0x7F && $0 != UInt8(ascii: "/") }
    }

    private static func isName(_ name: String) -> Bool {
        !name.isEmpty && name.count <= 100 && name != "." && name != ".."
            && name.unicodeScalars.allSatisfy { !CharacterSet.whitespacesAndNewlines.contains($0) && !CharacterSet.controlCharacters.contains($0) && $0 != "/" }
    }

    private static func requireWeb(_ url: URL?, _ field: @autoclosure () -> String) throws(FavoritesArchiveError) {
        guard let url else { return }
        guard ["http", "https"].contains(url.scheme?.lowercased()), url.host?.isEmpty == false else {
            throw .invalid(tr("{field}: not an http or https address", ["field": field()]))
        }
    }
}
