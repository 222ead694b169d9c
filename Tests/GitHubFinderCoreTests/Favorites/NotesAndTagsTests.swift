import Foundation
import Testing
@testable import GitHubFinderCore

/// Notes and tags on favorites, over a real SQLite file: kept through snapshot refreshes, a
/// star sync and Undo, searched by the Favorites filter, listed by tag, exported and imported.
@Suite("Notes and tags on favorites")
struct NotesAndTagsTests {
    static func database() throws -> AppDatabase {
        try AppDatabase.open(at: AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite"))
    }

    static func repository(_ id: Int64 = 100, _ fullName: String = "apple/swift", notes: FavoriteNotes = .none) -> RepositoryFavorite {
        let parts = fullName.split(separator: "/").map(String.init)
        return RepositoryFavorite(id: id, fullName: fullName, ownerLogin: parts[0], name: parts[1], description: "The Swift Programming Language",
                                  stars: 67_400, addedAt: Date(timeIntervalSince1970: 1_700_000_000), notes: notes)
    }

    @Test func typedTagsAreSplitAtCommasTrimmedAndKeptOnceRegardlessOfCase() {
        #expect(FavoriteTags.parse(typed: " hiring,  Conference   2026 ,,HIRING\nrust ") == ["hiring", "Conference 2026", "rust"])
        #expect(FavoriteTags.parse(typed: " , ").isEmpty)
        #expect(FavoriteTags.parse(typed: String(repeating: "x", count: 100)) == [String(repeating: "x", count: FavoriteTags.maximumLength)])
        #expect(FavoriteNotes(note: "  \n ", tags: []).isEmpty, "a blank note is no note")
        #expect(FavoriteNotes(note: "Met at GUADEC  \n", tags: []).note == "Met at GUADEC")
        #expect(FavoriteNotes(note: "\n  first line \nsecond").firstLine == "first line")
    }

    @Test func notesSurviveARefreshedSnapshotAndComeBackWithUndo() throws {
        let database = try Self.database()
        let notes = FavoriteNotes(note: "Met at GUADEC\nTalks about GTK", tags: ["conference 2026", "hiring"])
        #expect(try database.setNotes(notes, of: People.self, id: 1) == false, "not a favorite: nothing kept")
        try database.save(PersonFavorite.stub())
        #expect(try database.setNotes(notes, of: People.self, id: 1))
        #expect(try database.notes(of: People.self, id: 1) == notes)

        // A search result starred again (its snapshot refreshed) keeps them
        try database.save(PersonFavorite(.stub(), name: "The Octocat"))
        #expect(try database.notes(of: People.self, id: 1) == notes)
        #expect(try database.favorites(of: People.self).first?.notes == notes)

        // Unstarred, they go with it; Undo puts the snapshot back with them
        let removed = try #require(try database.delete(People.self, id: 1))
        #expect(removed.notes == notes)
        #expect(try database.notes(of: People.self, id: 1) == nil)
        try database.save(removed)
        #expect(try database.notes(of: People.self, id: 1) == notes)

        // Unstarred without Undo (the detail pane, a search row, a star sync): put aside, and
        // back when starred again from a search result that knows nothing of them
        _ = try database.delete(People.self, id: 1)
        try database.save(PersonFavorite(.stub()))
        #expect(try database.notes(of: People.self, id: 1) == notes)
        _ = try database.delete(People.self, id: 1)
        try database.save(PersonFavorite(.stub()))
        #expect(try database.notes(of: People.self, id: 1) == notes, "again")

        // Cleared
        try database.setNotes(.none, of: People.self, id: 1)
        #expect(try database.notes(of: People.self, id: 1) == FavoriteNotes.none)
    }

    @Test func aStarSyncKeepsTheNotesOfRepositoriesStillStarred() throws {
        let database = try Self.database()
        try database.save(Self.repository())
        try database.setNotes(FavoriteNotes(note: "Read the concurrency docs", tags: ["reading"]), of: Repositories.self, id: 100)
        // GitHub's stars (no notes) replace the favorites: the same repository, a new star count
        var fromGitHub = Self.repository()
        fromGitHub.stars = 70_000
        #expect(try database.replaceRepositoryFavorites(with: [fromGitHub, Self.repository(101, "swiftlang/swift-testing")]))
        #expect(try database.notes(of: Repositories.self, id: 100) == FavoriteNotes(note: "Read the concurrency docs", tags: ["reading"]))
        #expect(try database.favorites(of: Repositories.self).first { $0.id == 100 }?.stars == 70_000)
        #expect(try database.replaceRepositoryFavorites(with: [fromGitHub, Self.repository(101, "swiftlang/swift-testing")]) == false,
                "unchanged stars write nothing, notes or not")
        // Unstarred on GitHub, starred there again: its notes come back with it
        #expect(try database.replaceRepositoryFavorites(with: [Self.repository(101, "swiftlang/swift-testing")]))
        #expect(try database.notes(of: Repositories.self, id: 100) == nil)
        #expect(try database.replaceRepositoryFavorites(with: [fromGitHub, Self.repository(101, "swiftlang/swift-testing")]))
        #expect(try database.notes(of: Repositories.self, id: 100) == FavoriteNotes(note: "Read the concurrency docs", tags: ["reading"]))
    }

    @Test func theFilterFindsNotesAndTagsAndTheTagBarListsByTag() throws {
        let database = try Self.database()
        for (id, login) in [(1, "octocat"), (2, "alice"), (3, "bob"), (4, "carol")] {
            try database.save(PersonFavorite.stub(id: Int64(id), login: login))
        }
        try database.setNotes(FavoriteNotes(note: "Met at GUADEC", tags: ["conference 2026", "hiring"]), of: People.self, id: 2)
        try database.setNotes(FavoriteNotes(tags: ["Hiring"]), of: People.self, id: 3)
        try database.setNotes(FavoriteNotes(note: "Maintains libadwaita"), of: People.self, id: 4)
        let index = try database.favoritesIndex(of: People.self)
        func logins(_ rows: [FavoritesRow]) -> [String] { rows.compactMap { if case .favorite(let id) = $0 { index.row(id)?.login } else { nil } } }

        #expect(logins(index.rows(matching: "guadec")) == ["alice"], "a note is searched")
        #expect(logins(index.rows(matching: "libadwaita")) == ["carol"])
        #expect(logins(index.rows(matching: "conference 20")) == ["alice"], "a tag is searched")
        #expect(index.tags == [TagCount(name: "hiring", count: 2), TagCount(name: "conference 2026", count: 1)], "most used first, case ignored")
        #expect(logins(index.rows(matching: "", tags: ["HIRING"])) == ["alice", "bob"])
        #expect(index.rows(matching: "", tags: ["hiring"]).first == .header("A"), "listed under their letters")
        #expect(logins(index.rows(matching: "", tags: ["hiring", "conference 2026"])) == ["alice"], "every tag turned on must be carried")
        #expect(logins(index.rows(matching: "bo", tags: ["hiring"])) == ["bob"], "the filter and the tags together")
        #expect(index.rows(matching: "", tags: ["nobody"]).isEmpty)

        let row = try #require(index.row(2))
        #expect(row.note == "Met at GUADEC" && row.tags == ["conference 2026", "hiring"])
        #expect(index.favorite(2)?.notes == FavoriteNotes(note: "Met at GUADEC", tags: ["conference 2026", "hiring"]))
        // The index read from SQLite is the one built from values
        let built = FavoritesIndex<People>(try database.favorites(of: People.self))
        #expect(built.tags == index.tags)
        #expect(built.rows(matching: "", tags: ["hiring"]) == index.rows(matching: "", tags: ["hiring"]))
        #expect((1...4).allSatisfy { built.row(Int64($0)) == index.row(Int64($0)) && built.favorite(Int64($0)) == index.favorite(Int64($0)) })
    }

    @Test func repositoriesAreFoundByNoteAndTagToo() throws {
        let database = try Self.database()
        try database.save(Self.repository())
        try database.save(Self.repository(101, "swiftlang/swift-testing"))
        try database.setNotes(FavoriteNotes(note: "Try the new macros", tags: ["reading"]), of: Repositories.self, id: 101)
        let index = try database.favoritesIndex(of: Repositories.self)
        #expect(index.rows(matching: "macros") == [.header("S"), .favorite(101)])
        #expect(index.rows(matching: "", tags: ["reading"]) == [.header("S"), .favorite(101)])
        #expect(index.row(101)?.note == "Try the new macros" && index.row(101)?.tags == ["reading"])
        #expect(index.favorite(101) == FavoritesIndex<Repositories>(try database.favorites(of: Repositories.self)).favorite(101))
        #expect(try database.allTags() == [TagCount(name: "reading", count: 1)])
    }

    @Test func exportWipeImportGivesBackTheNotesAndTagsInBothFormats() throws {
        let source = try Self.database()
        try source.save(PersonFavorite.stub())
        try source.setNotes(FavoriteNotes(note: "=SUM(A1)\nsecond line, with \"quotes\"", tags: ["hiring", "conference 2026"]), of: People.self, id: 1)
        try source.save(Self.repository(notes: FavoriteNotes(tags: ["reading"])))
        let server = URL(string: "https://api.github.com")!
        let archive = try source.exportArchive(server: server)
        #expect(archive.version == 2)
        for reread in [try FavoritesArchive(json: archive.json()), try FavoritesArchive(csv: archive.csv(), server: server)] {
            let target = try Self.database()
            let summary = try target.importArchive(reread)
            #expect(summary.added == 2)
            #expect(try target.notes(of: People.self, id: 1) == FavoriteNotes(note: "=SUM(A1)\nsecond line, with \"quotes\"", tags: ["hiring", "conference 2026"]))
            #expect(try target.notes(of: Repositories.self, id: 100) == FavoriteNotes(tags: ["reading"]))
            #expect(try target.exportArchive(server: server, at: archive.exportedAt) == archive)
        }
    }

    @Test func anImportKeepsTheNoteThereAndAddsTheFilesTags() throws {
        let database = try Self.database()
        try database.save(PersonFavorite.stub())
        try database.setNotes(FavoriteNotes(note: "Mine", tags: ["hiring"]), of: People.self, id: 1)
        var person = PersonFavorite.stub()
        person.notes = FavoriteNotes(note: "Theirs", tags: ["rust", "Hiring"])
        let summary = try database.importArchive(FavoritesArchive(server: URL(string: "https://api.github.com")!, people: [person], repositories: []))
        #expect(summary.updated == 1)
        #expect(try database.notes(of: People.self, id: 1) == FavoriteNotes(note: "Mine", tags: ["hiring", "rust"]))
        // A version 1 file (no notes) changes none
        let old = #"{"format": "io.github.githubfinder.favorites", "version": 1, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [{"id": 1, "login": "octocat", "type": "User", "profileURL": "https://github.com/octocat", "addedAt": "2023-11-14T22:13:20Z"}], "repositories": []}"#
        _ = try database.importArchive(try FavoritesArchive(json: Data(old.utf8)))
        #expect(try database.notes(of: People.self, id: 1) == FavoriteNotes(note: "Mine", tags: ["hiring", "rust"]))
    }

    @Test func notesAndTagsKeepNoControlCharactersAndStayWithinTheirLimits() throws {
        // A note as a paste can make it: kept without its bell and CRs, so it exports and imports again
        #expect(FavoriteNotes(note: "bell \u{7}here\r\nnext line\twith a tab").note == "bell here\nnext line\twith a tab")
        #expect(FavoriteNotes(note: String(repeating: "x", count: 100_001)).note?.count == FavoriteNotes.maximumNoteLength)
        #expect(FavoriteNotes(tags: (0..<60).map { "tag \($0)" }).tags.count == FavoriteTags.maximumCount)
        #expect(FavoriteTags.parse(typed: "bell\u{7}ing, ok") == ["belling", "ok"])
        // A file's note and tags are read the same way: nothing it holds is refused for them
        let json = #"{"format": "io.github.githubfinder.favorites", "version": 2, "server": "https://api.github.com", "exportedAt": "2024-01-01T00:00:00Z", "people": [{"id": 1, "login": "x", "type": "User", "addedAt": "2024-01-01T00:00:00Z", "note": "a\u0007b", "tags": ["c\u0007d"]}], "repositories": []}"#
        #expect(try FavoritesArchive(json: Data(json.utf8)).people.first?.notes == FavoriteNotes(note: "ab", tags: ["cd"]))
    }
}
