import Foundation
import Testing
@testable import GitHubFinderCore

/// Export and import over real SQLite files and real files on disk: an export imported into an
/// empty database gives back the same favorites to the millisecond, in JSON and CSV; a second
/// import changes nothing; a damaged file, or one of another server, changes nothing at all.
@Suite("Favorites files: export and import")
struct FavoritesArchiveTests {
    static let github = GitHubConfiguration.defaultBaseURL

    /// People and repositories with what a file format can trip on: commas, quotes, line breaks,
    /// formula-like text, Korean, an organization, dates with milliseconds.
    static func filledDatabase() throws -> AppDatabase {
        let database = try AppDatabase.open(at: temporaryFile())
        try database.save(PersonFavorite(id: 583231, login: "octocat", name: "The Octocat", avatarURL: URL(string: "https://avatars.githubusercontent.com/u/583231?v=4"),
                                           type: .user, profileURL: URL(string: "https://github.com/octocat"), addedAt: Date(timeIntervalSince1970: 1_700_000_000.678)))
        try database.save(PersonFavorite(id: 9919, login: "github", name: "GitHub, Inc.", type: .organization, addedAt: Date(timeIntervalSince1970: 1_600_000_000)))
        try database.save(PersonFavorite(id: 77, login: "kim-minsu", name: "김민수 \"민\"", addedAt: Date(timeIntervalSince1970: 1_650_000_000.001)))
        try database.save(RepositoryFavorite.stub(id: 1296269, owner: "octocat", name: "Hello-World", description: "=HYPERLINK(\"x\"), then\na second line"))
        try database.save(RepositoryFavorite(id: 5, fullName: "kakao/서울", ownerLogin: "kakao", name: "서울", description: "-1, @mention +plus",
                                                               language: nil, stars: 0, addedAt: Date(timeIntervalSince1970: 1_710_000_000.999)))
        return database
    }

    static func temporaryFile() -> URL {
        AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite")
    }

    @Test(arguments: FavoritesArchive.FileFormat.allCases)
    func anExportImportedIntoAnEmptyDatabaseGivesBackTheSameFavorites(format: FavoritesArchive.FileFormat) throws {
        // Given favorites exported to a file
        let source = try Self.filledDatabase()
        let file = AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.\(format.rawValue)")
        try source.exportArchive(server: Self.github).write(to: file)

        // When imported into an empty database (the favorites wiped)
        let target = try AppDatabase.open(at: Self.temporaryFile())
        let summary = try target.importArchive(try FavoritesArchive.read(from: file, into: Self.github))

        // Then every favorite is back as it was, dates to the millisecond
        #expect(summary.people == .init(added: 3, updated: 0, unchanged: 0))
        #expect(summary.repositories == .init(added: 2, updated: 0, unchanged: 0))
        #expect(summary.message == "Added 5 favorites")
        #expect(try target.favorites(of: People.self) == source.favorites(of: People.self))
        #expect(try target.favorites(of: Repositories.self) == source.favorites(of: Repositories.self))
        #expect(try target.favorites(of: People.self).map(\.login) == ["github", "kim-minsu", "octocat"])
        #expect(try target.favorites(of: Repositories.self).first { $0.id == 1296269 }?.description == "=HYPERLINK(\"x\"), then\na second line")

        // And importing the file again, or an export of the imported copy, changes nothing
        #expect(try target.importArchive(try FavoritesArchive.read(from: file, into: Self.github)).message
                == "Nothing new: the 5 favorites in the file were already there.")
        let again = AppDatabaseTests.temporaryFolder().appendingPathComponent("again.\(format.rawValue)")
        try target.exportArchive(server: Self.github, at: Date(timeIntervalSince1970: 0)).write(to: again)
        try source.exportArchive(server: Self.github, at: Date(timeIntervalSince1970: 0)).write(to: file)
        #expect(try Data(contentsOf: again) == Data(contentsOf: file))
    }

    @Test func csvCellsASpreadsheetWouldRunAsFormulasAreWrittenInert() throws {
        let text = String(decoding: try Self.filledDatabase().exportArchive(server: Self.github).csv(), as: UTF8.self)
        #expect(text.hasPrefix("kind,id,login,name,type,owner_id,full_name,description,language,stars,avatar_url,url,added_at,server,note,tags\r\n"))
        #expect(text.contains(",\"'=HYPERLINK(\"\"x\"\"), then\na second line\","))
        #expect(text.contains(",\"'-1, @mention +plus\","))
        #expect(text.contains("person,583231,octocat,The Octocat,User,,,,,,https://avatars.githubusercontent.com/u/583231?v=4,https://github.com/octocat,2023-11-14T22:13:20.678Z,https://api.github.com,,\r\n"))
    }

    @Test func aFileWithAChangedSnapshotUpdatesItAndKeepsTheEarlierDate() throws {
        let database = try Self.filledDatabase()
        var archive = try database.exportArchive(server: Self.github)
        archive.people[2].login = "octocat-renamed"   // octocat, renamed since
        archive.people[2].addedAt = Date(timeIntervalSince1970: 1_800_000_000)
        archive.people.append(PersonFavorite(id: 1, login: "mojombo", addedAt: Date(timeIntervalSince1970: 1_200_000_000)))
        archive.repositories.removeAll()

        let summary = try database.importArchive(archive)

        #expect(summary.people == .init(added: 1, updated: 1, unchanged: 2))
        #expect(summary.message == "Added 1 favorite, updated 1, 2 were already there")
        let octocat = try #require(try database.favorites(of: People.self).first { $0.id == 583231 })
        #expect(octocat.login == "octocat-renamed")
        #expect(abs(octocat.addedAt.timeIntervalSince1970 - 1_700_000_000.678) < 0.001)
        #expect(try database.favorites(of: Repositories.self).count == 2, "nothing is removed by an import")
    }

    /// Each damaged file, and what the user is told.
    static let damaged: [(name: String, text: String, message: String)] = [
        ("page.json", "<!DOCTYPE html><html><body>502 Bad Gateway</body></html>", "This is not a favorites file (not valid JSON)."),
        ("other.json", #"{"format": "something-else", "version": 1}"#, "This JSON file is not a GitHub Finder favorites file."),
        ("newer.json", #"{"format": "io.github.githubfinder.favorites", "version": 3}"#,
         "This favorites file was made by a newer GitHub Finder (version 3). Update GitHub Finder to import it."),
        ("missing.json", archiveJSON(people: #"[{"id": 1, "type": "User", "addedAt": "2024-01-01T00:00:00Z"}]"#),
         "This favorites file is damaged: people[0].login: missing. Nothing was imported."),
        ("script.json", archiveJSON(people: #"[{"id": 1, "login": "x", "type": "User", "profileURL": "javascript:alert(1)", "addedAt": "2024-01-01T00:00:00Z"}]"#),
         "This favorites file is damaged: people[0].profileURL: not an http or https address. Nothing was imported."),
        ("twice.json", archiveJSON(people: #"[{"id": 1, "login": "x", "type": "User", "addedAt": "2024-01-01T00:00:00Z"}, {"id": 1, "login": "y", "type": "User", "addedAt": "2024-01-01T00:00:00Z"}]"#),
         "This favorites file is damaged: people[1].id: listed twice. Nothing was imported."),
        ("mismatch.json", archiveJSON(repositories: #"[{"id": 3, "fullName": "a/b", "ownerLogin": "a", "name": "c", "stars": 1, "addedAt": "2024-01-01T00:00:00Z"}]"#),
         "This favorites file is damaged: repositories[0].fullName: not a valid value. Nothing was imported."),
        ("date.json", archiveJSON(people: #"[{"id": 1, "login": "x", "type": "User", "addedAt": "yesterday"}]"#),
         "This favorites file is damaged: people[0].addedAt: not a valid value. Nothing was imported."),
        ("quote.csv", "kind,id,login,name,added_at,server\nperson,1,\"x,X,2024-01-01T00:00:00Z,https://api.github.com\n",
         "This favorites file is damaged: line 3: a quote is not closed. Nothing was imported."),
        ("id.csv", "kind,id,login,name,added_at,server\nperson,1,x,X,2024-01-01T00:00:00Z,https://api.github.com\nperson,two,y,Y,2024-01-01T00:00:00Z,https://api.github.com\n",
         "This favorites file is damaged: line 3, id: not a valid value. Nothing was imported."),
        ("columns.csv", "login,name\nx,X\n", "This favorites file is damaged: column added_at, id, kind, server is missing. Nothing was imported."),
        ("empty.csv", "", "This favorites file is damaged: the file is empty. Nothing was imported."),
        ("notes.txt", "octocat", "notes.txt: favorites files end in .json or .csv."),
    ]

    static func archiveJSON(people: String = "[]", repositories: String = "[]") -> String {
        #"{"format": "io.github.githubfinder.favorites", "version": 1, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": \#(people), "repositories": \#(repositories)}"#
    }

    @Test(arguments: damaged.indices)
    func aDamagedFileIsRefusedWithAClearMessageAndChangesNothing(index: Int) throws {
        let (name, text, message) = Self.damaged[index]
        let database = try Self.filledDatabase()
        let before = (try database.favorites(of: People.self), try database.favorites(of: Repositories.self))
        let file = AppDatabaseTests.temporaryFolder().appendingPathComponent(name)
        try Data(text.utf8).write(to: file)

        #expect {
            _ = try database.importArchive(try FavoritesArchive.read(from: file, into: Self.github))
        } throws: { error in
            (error as? FavoritesArchiveError)?.localizedDescription == message
        }
        #expect(try database.favorites(of: People.self) == before.0)
        #expect(try database.favorites(of: Repositories.self) == before.1)
    }

    @Test func favoritesOfAnotherServerAreRefusedNotMixedIn() throws {
        let file = AppDatabaseTests.temporaryFolder().appendingPathComponent("ghe.json")
        try Self.filledDatabase().exportArchive(server: URL(string: "https://ghe.example.com/api/v3")!).write(to: file)

        #expect(throws: FavoritesArchiveError.otherServer(file: URL(string: "https://ghe.example.com/api/v3")!, current: Self.github)) {
            try FavoritesArchive.read(from: file, into: Self.github)
        }
        #expect(FavoritesArchiveError.otherServer(file: URL(string: "https://ghe.example.com/api/v3")!, current: Self.github).localizedDescription
                == "These favorites are from ghe.example.com, not api.github.com. Switch to ghe.example.com in Preferences to import them.")
        // The same server written differently is the same server
        #expect(try FavoritesArchive.read(from: file, into: URL(string: "https://GHE.example.com/api/v3/")!).count == 5)
    }
}

@Suite("Favorites files: the window's Export and Import")
struct FavoritesFilesTests {
    @Test func theSaveDialogsFormatChoiceSetsTheEndingUnlessOneWasTyped() {
        let suggested = "GitHub Finder favorites 2026-11-25.json"
        #expect(FavoritesFileTexts.name(suggested, in: .csv, suggested: suggested) == "GitHub Finder favorites 2026-11-25.csv")
        #expect(FavoritesFileTexts.name(suggested, in: .json, suggested: suggested) == suggested)
        #expect(FavoritesFileTexts.name("backup", in: .csv, suggested: suggested) == "backup.csv")
        #expect(FavoritesFileTexts.name("backup.json", in: .csv, suggested: suggested) == "backup.json", "the typed ending wins")
        #expect(FavoritesFileTexts.name("team.v2", in: .json, suggested: suggested) == "team.v2.json")
    }

    @Test func theSuggestedNameHasTheDayAndAnotherServersName() {
        let day = Date(timeIntervalSince1970: 1_764_028_800)  // 2025-11-25
        let database = AppDatabase.inMemory()
        #expect(FavoritesFiles(database: database, server: GitHubConfiguration.defaultBaseURL, now: { day }).suggestedName()
                == "GitHub Finder favorites 2025-11-25.json")
        #expect(FavoritesFiles(database: database, server: URL(string: "https://ghe.example.com/api/v3")!, now: { day }).suggestedName(format: .csv)
                == "GitHub Finder favorites ghe.example.com 2025-11-25.csv")
    }

    @Test func exportAndImportSayWhatTheyDidOrWhyNot() async throws {
        let source = FavoritesFiles(database: try FavoritesArchiveTests.filledDatabase(), server: GitHubConfiguration.defaultBaseURL)
        let file = AppDatabaseTests.temporaryFolder().appendingPathComponent("backup.json")
        #expect(await source.export(to: file) == .done("Exported 5 favorites to backup.json"))

        let target = FavoritesFiles(database: .inMemory(), server: GitHubConfiguration.defaultBaseURL)
        let (imported, summary) = await target.import(from: file)
        #expect(imported == .done("Added 5 favorites"))
        #expect(summary?.people.added == 3)

        let other = FavoritesFiles(database: .inMemory(), server: URL(string: "https://ghe.example.com/api/v3")!)
        #expect(await other.import(from: file).0 == .failed(Alert(title: "Favorites Not Imported",
            message: "These favorites are from api.github.com, not ghe.example.com. Switch to api.github.com in Preferences to import them.")))
        let nowhere = AppDatabaseTests.temporaryFolder().appendingPathComponent("missing/backup.json")
        guard case .failed(let alert) = await source.export(to: nowhere) else { Issue.record("an unwritable place fails"); return }
        #expect(alert.title == "Favorites Not Exported")
        #expect(alert.message.hasPrefix(nowhere.path + " could not be used: "), "\(alert.message)")
    }
}
