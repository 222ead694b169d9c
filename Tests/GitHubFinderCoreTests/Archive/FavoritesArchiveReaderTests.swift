import Foundation
import Testing
@testable import GitHubFinderCore

/// The JSON reader that imports read files with (`FavoritesArchive.read(json:)`) against
/// `JSONDecoder`: for every file it reads, both make the same favorites; for every file it gives
/// up on, the decoder decides (the same favorites, or the same error).
@Suite("Favorites file: the fast JSON reader")
struct FavoritesArchiveReaderTests {
    static let server = URL(string: "https://api.github.com")!

    /// What `FavoritesArchive(json:)` made of `json` by either path, or the error it threw.
    static func outcome(_ archive: () throws(FavoritesArchiveError) -> FavoritesArchive) -> String {
        do { return String(describing: try archive()) } catch { return "error: \(error)" }
    }

    static func person(_ n: Int) -> PersonFavorite {
        let name: String? = n % 3 == 0 ? nil : "김민수 \"\(n)\" 😀 \\ / \t"
        let note: String? = n % 2 == 0 ? "Line one\nline \"two\" — ünïcode" : nil
        let tags: [String] = n % 4 == 0 ? ["gnome", "한국어"] : []
        let addedAt = Date(timeIntervalSince1970: 1_700_000_000 + Double(n) * 0.001)
        return PersonFavorite(id: Int64(n), login: n % 7 == 0 ? "kim-minsu-\(n)" : "user\(n)", name: name,
                              avatarURL: URL(string: "https://avatars.githubusercontent.com/u/\(n)?v=4"), type: n % 5 == 0 ? .organization : .user,
                              profileURL: URL(string: "https://github.com/user\(n)"), addedAt: addedAt, notes: FavoriteNotes(note: note, tags: tags))
    }

    static func repository(_ n: Int) -> RepositoryFavorite {
        let description: String? = n % 3 == 0 ? nil : "=HYPERLINK(\"x\"), then\na second line"
        let language: String? = n % 4 == 0 ? nil : "Swift"
        let ownerID: Int64? = n % 2 == 0 ? Int64(n) : nil
        return RepositoryFavorite(id: Int64(1000 + n), fullName: "owner\(n)/repo\(n)", ownerLogin: "owner\(n)", ownerID: ownerID, name: "repo\(n)",
                                  description: description, language: language, stars: n * 1000, ownerAvatarURL: nil,
                                  htmlURL: URL(string: "https://github.com/owner\(n)/repo\(n)"), addedAt: Date(timeIntervalSince1970: 1_710_000_000.999),
                                  notes: FavoriteNotes(note: nil, tags: n % 2 == 0 ? ["reading"] : []))
    }

    @Test func anExportedFileIsReadWithoutTheDecoderAndToTheSameFavorites() throws {
        let people = (1...300).map(Self.person)
        let repositories = (1...50).map(Self.repository)
        let json = FavoritesArchive(server: Self.server, exportedAt: Date(timeIntervalSince1970: 1_720_000_000), people: people, repositories: repositories).json()
        let read = try #require(FavoritesArchive.read(json: json), "an exported file never needs the decoder")
        #expect(read == (try FavoritesArchive.decode(json: json)))
        #expect(read.people.count == 300 && read.repositories.count == 50)
        #expect(read.people[1].name == "김민수 \"2\" 😀 \\ / \t")
    }

    @Test func escapesUnknownFieldsAndOlderVersionsReadAsTheDecoderReadsThem() throws {
        let json = Data(#"""
            { "version" : 1, "format":"io.github.githubfinder.favorites", "extra": {"nested": [1, -2.5e3, true, false, null, "x", {}]},
              "server": "https:\/\/api.github.com", "exportedAt": "2024-01-01T00:00:00Z",
              "people": [ {"id": 7, "login": "\u00e9mile", "name": "\ud83d\ude00 \"quoted\" \\ \b\f\r", "type": "Bot", "addedAt": "2024-01-01T00:00:00.500Z",
                           "avatarURL": null, "note": null, "tags": null, "unknown": [[], {"a": {"b": [null]}}]} ],
              "repositories": [] }
            """#.utf8)
        let read = try #require(FavoritesArchive.read(json: json))
        #expect(read == (try FavoritesArchive.decode(json: json)))
        #expect(read.people[0].login == "émile" && read.people[0].name == "😀 \"quoted\" \\ \u{8}\u{c}\r" && read.version == 1)
    }

    @Test(arguments: [
        #"{"format": "io.github.githubfinder.favorites", "version": 2, "version": 2, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [], "repositories": []}"#,
        #"{"format": "io.github.githubfinder.favorites", "version": 2.0, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [], "repositories": []}"#,
        #"{"format": "io.github.githubfinder.favorites", "version": 2, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [{"id": "1", "login": "a", "type": "User", "addedAt": "2024-01-01T00:00:00Z"}], "repositories": []}"#,
        #"{"format": "io.github.githubfinder.favorites", "version": 2, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [{"id": 1, "login": "a", "type": "Robot", "addedAt": "2024-01-01T00:00:00Z"}], "repositories": []}"#,
        #"{"format": "io.github.githubfinder.favorites", "version": 2, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [{"id": 1, "login": "\ud83d", "type": "User", "addedAt": "2024-01-01T00:00:00Z"}], "repositories": []}"#,
        #"{"format": "io.github.githubfinder.favorites", "version": 2, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [], "repositories": [],}"#,
        #"{"format": "io.github.githubfinder.favorites", "version": 2, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": []}"#,
        #"{"format": "io.github.githubfinder.favorites", "version": 3, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [], "repositories": []}"#,
        #"{"format": "something.else", "version": 2, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [], "repositories": []}"#,
        #"{"format": "io.github.githubfinder.favorites", "version": 2, "server": "https://api.github.com", "exportedAt": "yesterday", "people": [], "repositories": []}"#,
        #"{"format": "io.github.githubfinder.favorites", "version": 2, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [], "repositories": []} x"#,
        #"{"format": "io.github.githubfinder.favorites", "version": 2, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [{"id": 01, "login": "a", "type": "User", "addedAt": "2024-01-01T00:00:00Z"}], "repositories": []}"#,
        "\u{FEFF}{}",
        "",
    ])
    func whatTheReaderDoesNotExpectIsLeftToTheDecoder(text: String) {
        let json = Data(text.utf8)
        #expect(FavoritesArchive.read(json: json) == nil)
        #expect(Self.outcome { () throws(FavoritesArchiveError) in try FavoritesArchive(json: json) }
                    == Self.outcome { () throws(FavoritesArchiveError) in
                        let archive = try FavoritesArchive.decode(json: json)
                        try archive.validate()
                        return archive
                    })
    }

    @Test func invalidUTF8IsLeftToTheDecoder() {
        var json = Data(#"{"format": "io.github.githubfinder.favorites", "version": 2, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [{"id": 1, "login": ""#.utf8)
        json.append(contentsOf: [0xC3, 0x28])
        json.append(contentsOf: Data(#"", "type": "User", "addedAt": "2024-01-01T00:00:00Z"}], "repositories": []}"#.utf8))
        #expect(FavoritesArchive.read(json: json) == nil)
        #expect(throws: FavoritesArchiveError.self) { try FavoritesArchive(json: json) }
    }
}
