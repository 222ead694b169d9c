import Foundation
import GRDB
import Testing
@testable import GitHubFinderCore

/// A favorites file as 0.4.0 left it: its schema is 0.4.0's (migrations up to
/// "v8.unstarredNotes", its last), its rows are written with SQL in the form 0.4.0 wrote them
/// (GRDB's text dates, notes and tags as stored). This version opens it, migrates it and finds
/// everything through its own types.
@Suite("A database written by 0.4.0")
struct DatabaseFrom040Tests {
    static func write040(at file: URL) throws {
        let queue = try DatabaseQueue(path: file.path)
        try AppDatabase.migrator.migrate(queue, upTo: "v8.unstarredNotes")
        try queue.write { db in
            try db.execute(sql: """
                INSERT INTO favorite (id, login, name, avatarURL, type, profileURL, addedAt, note, tags) VALUES
                    (583231, 'octocat', 'The Octocat', 'https://avatars.githubusercontent.com/u/583231?v=4', 'User', 'https://github.com/octocat',
                     '2025-03-01 10:00:00.000', 'Met at GUADEC', 'conference 2026' || char(10) || 'hiring'),
                    (9919, 'github', 'GitHub', NULL, 'Organization', 'https://github.com/github', '2025-03-02 11:30:00.000', NULL, NULL);
                INSERT INTO favorite_repository (id, fullName, ownerLogin, ownerID, name, description, language, stars, ownerAvatarURL, htmlURL, addedAt, note, tags) VALUES
                    (1300192, 'octocat/Spoon-Knife', 'octocat', 583231, 'Spoon-Knife', 'This repo is for demonstration purposes only.', 'HTML', 12000,
                     'https://avatars.githubusercontent.com/u/583231?v=4', 'https://github.com/octocat/Spoon-Knife', '2025-04-01 08:00:00.000', 'Fork practice', 'demo'),
                    (44838949, 'apple/swift', 'apple', 10639145, 'swift', 'The Swift Programming Language', 'C++', 67000, NULL,
                     'https://github.com/apple/swift', '2025-04-02 09:00:00.000', NULL, NULL);
                INSERT INTO star_outbox (repositoryID, fullName, action, enqueuedAt, login) VALUES
                    (44838949, 'apple/swift', 'star', '2025-04-02 09:00:00.000', 'octocat'),
                    (2325298, 'torvalds/linux', 'unstar', '2025-04-03 09:00:00.000', 'octocat');
                INSERT INTO star_sync (login, syncedAt) VALUES ('octocat', '2025-04-01 07:00:00.000');
                INSERT INTO star_kept_local (login, repositoryID) VALUES ('octocat', 1300192);
                INSERT INTO favorite_repository_import (repositoryID, importedAt) VALUES (44838949, '2025-04-02 09:00:00.000');
                INSERT INTO favorite_profile (favoriteID, starredFollowers, starredRepositories, starredBio, starredAt,
                                              seenFollowers, seenRepositories, seenBio, seenAt) VALUES
                    (583231, 9000, 8, 'Old bio', '2025-03-01 10:00:00.000', 9500, 8, 'Old bio', '2025-03-05 10:00:00.000');
                INSERT INTO search_history (scope, query, searchedAt) VALUES ('people', 'octo', '2025-03-01 09:59:00.000');
                INSERT INTO unstarred_notes (kind, id, note, tags) VALUES ('person', 1, 'Unstarred once', 'former');
                """)
        }
    }

    static func opened() throws -> AppDatabase {
        let file = AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite")
        try write040(at: file)
        return try AppDatabase.open(at: file)
    }

    @Test func favoritesOfBothKindsComeBackWithTheirNotesAndTags() throws {
        let database = try Self.opened()
        #expect(try database.writer.read(AppDatabase.migrator.appliedMigrations).last == "v11.whatsNew")
        let people = try database.favorites(of: People.self)
        #expect(people.map(\.login) == ["github", "octocat"])
        #expect(people[1] == PersonFavorite(id: 583231, login: "octocat", name: "The Octocat", avatarURL: URL(string: "https://avatars.githubusercontent.com/u/583231?v=4"),
                                            type: .user, profileURL: URL(string: "https://github.com/octocat"), addedAt: Date(timeIntervalSince1970: 1_740_823_200),
                                            notes: FavoriteNotes(note: "Met at GUADEC", tags: ["conference 2026", "hiring"])))
        #expect(people[0].type == .organization)
        let repositories = try database.favorites(of: Repositories.self)
        #expect(repositories.map(\.fullName) == ["octocat/Spoon-Knife", "apple/swift"])
        #expect(repositories[0].notes == FavoriteNotes(note: "Fork practice", tags: ["demo"]))
        #expect(repositories[0].stars == 12000 && repositories[0].ownerID == 583231)

        let peopleIndex = try database.favoritesIndex(of: People.self)
        #expect(peopleIndex.rows(matching: "guadec") == [.header("O"), .favorite(583231)])
        #expect(peopleIndex.tags.map(\.name) == ["conference 2026", "hiring"])
        let repositoryIndex = try database.favoritesIndex(of: Repositories.self)
        #expect(repositoryIndex.rows(matching: "demonstration") == [.header("S"), .favorite(1300192)])
        #expect(repositoryIndex.row(44838949)?.stars == 67000)
    }

    @Test func theOutboxAndTheSyncStateAreKept() throws {
        let database = try Self.opened()
        #expect(try database.pendingStarChanges().map { "\($0.action) \($0.fullName) \($0.login ?? "-")" } == ["star apple/swift octocat", "unstar torvalds/linux octocat"])
        #expect(try database.hasSynchronizedStars(login: "octocat"))
        // GitHub lists nothing: the pending star keeps apple/swift and Spoon-Knife was kept local,
        // so nothing is removed and nothing offered (a lost sync state would offer both).
        let merge = try database.mergeStarredRepositories([], login: "octocat", at: Date(timeIntervalSince1970: 1_750_000_000))
        #expect(merge == StarMerge(offered: [], added: 0, removed: 0))
        #expect(try database.favoriteIDs(of: Repositories.self) == [1300192, 44838949])
    }

    @Test func baselinesHistoryAndPutAsideNotesAreKept() throws {
        let database = try Self.opened()
        let profile = UserProfile(id: 583231, login: "octocat", name: "The Octocat", avatarURL: nil, profileURL: nil, type: .user, bio: "New bio", company: nil,
                                  location: nil, blog: nil, followers: 9_120, following: 9, publicRepositories: 9, memberSince: nil)
        let changes = try database.recordFavoriteProfile(profile)
        #expect(changes?.summary == "+120 followers · 1 new public repository · bio changed")
        #expect(changes?.since == Date(timeIntervalSince1970: 1_740_823_200), "counted from when it was starred under 0.4.0")
        #expect(try SearchHistory(database: database, scope: .people).recent() == ["octo"])
        try database.save(PersonFavorite(id: 1, login: "former"))
        #expect(try database.notes(of: People.self, id: 1) == FavoriteNotes(note: "Unstarred once", tags: ["former"]), "starred again, its note comes back")
    }
}
