import Foundation
import GRDB
import Testing
@testable import GitHubFinderCore

/// The Favorites indexes kept between sessions: the next start reads what the last one built,
/// and only while the database still holds exactly that; anything else is built from SQLite.
@Suite("Favorites database: indexes kept between sessions")
struct IndexSnapshotTests {
    /// A database folder and an index cache folder, as the app has them.
    struct Place {
        let file: URL
        let cache: URL

        init() {
            let folder = AppDatabaseTests.temporaryFolder()
            file = folder.appendingPathComponent("favorites.sqlite")
            cache = folder.appendingPathComponent("cache/favorites-index")
        }

        /// A session: opens the database, runs `body`, and ends as the app does (the snapshots
        /// still waiting are written).
        func session<T>(_ body: (AppDatabase) throws -> T) throws -> T {
            let database = try AppDatabase.open(at: file, indexCache: cache)
            let value = try body(database)
            database.indexSnapshots?.flush()
            return value
        }

        var peopleSnapshot: URL { cache.appendingPathComponent("favorite.index") }
        var repositorySnapshot: URL { cache.appendingPathComponent("\(RepositoryFavorite.databaseTableName).index") }
    }

    static let people: [PersonFavorite] = (1...300).map { n in
        let logins = ["octocat", "Alice", "ünicode", "Zoë", "_under", "9lives", "bob", "山田"]
        return PersonFavorite(id: UserID(n * 7), login: "\(logins[n % logins.count])-\(n)", name: n % 3 == 0 ? nil : "Person Number \(n)",
                        avatarURL: URL(string: "https://avatars.githubusercontent.com/u/\(n)?v=4"), type: n % 11 == 0 ? .organization : n % 13 == 0 ? .bot : .user,
                        profileURL: URL(string: "https://github.com/user-\(n)"), addedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(n)),
                        notes: n % 5 == 0 ? FavoriteNotes(note: "met at GUADEC \(n)\nsecond line", tags: n % 10 == 0 ? ["gnome", "Rust"] : ["gnome"]) : .none)
    }

    static func filled(_ place: Place) throws {
        try place.session { database in
            try database.writer.write { db in
                for favorite in people { try favorite.insert(db) }
                for n in 1...120 {
                    try RepositoryFavorite.stub(id: Int64(n), owner: n % 2 == 0 ? "gnome" : "Apple", name: "project-\(n)", description: n % 4 == 0 ? nil : "Does thing \(n)",
                                                stars: n * 1000).insert(db)
                }
            }
            _ = try database.favoritesIndex(of: People.self)
            _ = try database.favoritesIndex(of: Repositories.self)
        }
    }

    /// Everything the Favorites page shows of an index: every row in order, each favorite's row
    /// and snapshot, the tags, and what a few filters find.
    static func shown(_ index: FavoritesIndex<People>) -> [String] {
        var lines = index.rows(matching: "").map { row -> String in
            switch row {
            case .header(let title): return "# \(title)"
            case .favorite(let id): return "\(String(describing: index.row(id))) \(String(describing: index.favorite(id)))"
            }
        }
        lines += index.tags.map { "tag \($0.name) \($0.count)" }
        for filter in ["ali", "UNI", "guadec 15", "山", "nobody", "person number 1"] { lines.append("\(filter): \(index.rows(matching: filter))") }
        lines.append("tagged: \(index.rows(matching: "", tags: ["rust"]))")
        return lines
    }

    static func shown(_ index: FavoritesIndex<Repositories>) -> [String] {
        index.rows(matching: "").map { row -> String in
            guard case .favorite(let id) = row else { return "\(row)" }
            return "\(String(describing: index.row(id))) \(String(describing: index.favorite(id)))"
        }
            + ["gnome", "thing 1", "APPLE/PROJECT-3"].map { "\($0): \(index.rows(matching: $0))" }
    }

    @Test func theNextSessionReadsTheSameIndexesTheLastOneBuilt() throws {
        let place = Place()
        try Self.filled(place)
        #expect(FileManager.default.fileExists(atPath: place.peopleSnapshot.path))
        #expect(FileManager.default.fileExists(atPath: place.repositorySnapshot.path))
        let built = try AppDatabase.open(at: place.file)  // no cache: built from SQLite
        let (people, repositories) = try place.session { try ($0.favoritesIndex(of: People.self), $0.favoritesIndex(of: Repositories.self)) }
        #expect(people.count == Self.people.count)
        #expect(Self.shown(people) == Self.shown(try built.favoritesIndex(of: People.self)))
        #expect(repositories.count == 120)
        #expect(Self.shown(repositories) == Self.shown(try built.favoritesIndex(of: Repositories.self)))
    }

    /// A filled place whose `table` then changed behind the generation's back (its update trigger
    /// dropped): what the next session shows of that change tells whether it read the saved file.
    static func changedQuietly(_ table: String, set assignment: String, id: Int64) throws -> Place {
        let place = Place()
        try filled(place)
        let raw = try DatabaseQueue(path: place.file.path)
        try raw.write { db in
            try db.execute(sql: "DROP TRIGGER \(table)_generation_after_update")
            try db.execute(sql: "UPDATE \(table) SET \(assignment) WHERE id = ?", arguments: [id])
        }
        try raw.close()
        return place
    }

    @Test func theSavedIndexIsWhatTheNextSessionShows() throws {
        let place = try Self.changedQuietly(PersonFavorite.databaseTableName, set: "name = 'Changed Quietly'", id: 7)
        #expect(try place.session { try $0.favoritesIndex(of: People.self) }.row(7)?.name == "Person Number 1")
    }

    @Test func theSavedRepositoryIndexIsWhatTheNextSessionShows() throws {
        let place = try Self.changedQuietly(RepositoryFavorite.databaseTableName, set: "description = 'Changed quietly'", id: 1)
        let index = try place.session { try $0.favoritesIndex(of: Repositories.self) }
        #expect(index.favorite(1)?.description == "Does thing 1")
        #expect(index.rows(matching: "thing 1").contains(.favorite(1)))
    }

    @Test func aSavedIndexOfAnotherShapeOrWithEntriesMissingIsNotRead() throws {
        let folder = AppDatabaseTests.temporaryFolder()
        let people = FavoritesIndexBuilder<People>.shape
        // Saved with its checksum right, but not what this version's people index is
        let built = FavoritesIndex<People>(Self.people).core
        let file = folder.appendingPathComponent("shape.index")
        try IndexSnapshot.write(built, generation: 7, layout: "people", to: file)
        let same: LetterIndex<AccountType>? = IndexSnapshot.read(file, generation: 7, layout: "people", shape: people)
        #expect(same?.count == Self.people.count)
        let narrower: LetterIndex<AccountType>? = IndexSnapshot.read(file, generation: 7, layout: "people",
                                                                      shape: LetterIndexShape(fieldCount: 2, tagField: nil))
        #expect(narrower == nil)
        // No entries, yet bytes to search: a match would name an entry that is not there
        let hollow = LetterIndex<AccountType>(entries: [], fieldCount: people.fieldCount, text: ByteBuffer(capacity: 0), haystacks: Array("octocat\0".utf8),
                                              haystackStarts: [], byID: [], tagField: people.tagField, tags: [])
        try IndexSnapshot.write(hollow, generation: 7, layout: "people", to: file)
        let read: LetterIndex<AccountType>? = IndexSnapshot.read(file, generation: 7, layout: "people", shape: people)
        #expect(read == nil)
        // Header counts are part of the checksum: a changed field count is a damaged file
        try IndexSnapshot.write(built, generation: 7, layout: "people", to: file)
        var bytes = try Data(contentsOf: file)
        let fieldCountOffset = 8 + 4 + "people".utf8.count + 8 + 8
        bytes[fieldCountOffset] = 2
        try bytes.write(to: file)
        let tampered: LetterIndex<AccountType>? = IndexSnapshot.read(file, generation: 7, layout: "people",
                                                                      shape: LetterIndexShape(fieldCount: 2, tagField: people.tagField))
        #expect(tampered == nil)
    }

    @Test func aFIFOInPlaceOfTheSavedIndexDoesNotHangTheRead() throws {
        let place = Place()
        try Self.filled(place)
        try FileManager.default.removeItem(at: place.peopleSnapshot)
        #expect(mkfifo(place.peopleSnapshot.path, 0o600) == 0)
        #expect(try place.session { try $0.favoritesIndex(of: People.self) }.count == Self.people.count)
    }

    @Test func aChangeByAnyWriterIsSeenAtTheNextStart() throws {
        // Given saved indexes, then changes made by another program on the file (the favorites
        // command), which has no index cache
        let place = Place()
        try Self.filled(place)
        let other = try AppDatabase.open(at: place.file)
        try other.save(PersonFavorite(id: 1, login: "newcomer", name: "New Comer"))
        try other.updateFavoriteName("Renamed", id: 14)
        try other.delete(People.self, id: 21)
        _ = try other.delete(Repositories.self, id: 5)
        // Then the next session shows each change
        let (people, repositories) = try place.session { try ($0.favoritesIndex(of: People.self), $0.favoritesIndex(of: Repositories.self)) }
        #expect(people.row(1)?.login == "newcomer")
        #expect(people.row(14)?.name == "Renamed")
        #expect(people.row(21) == nil)
        #expect(people.count == Self.people.count)
        #expect(repositories.favorite(5) == nil)
        #expect(repositories.count == 119)
        #expect(Self.shown(people) == Self.shown(try other.favoritesIndex(of: People.self)))
    }

    @Test func anOlderCopyOfTheDatabasePutBackIsShownAsItIs() throws {
        // Given a copy of the file taken before a change, then the change saved with its index
        let place = Place()
        try Self.filled(place)
        let copy = place.file.deletingLastPathComponent().appendingPathComponent("backup.sqlite")
        try FileManager.default.copyItem(at: place.file, to: copy)
        try place.session { database in
            try database.delete(People.self, ids: Self.people.prefix(100).map(\.id))
            #expect(try database.favoritesIndex(of: People.self).count == 200)
        }
        // When the copy is put back
        try FileManager.default.removeItem(at: place.file)
        try FileManager.default.copyItem(at: copy, to: place.file)
        // Then the next session shows the copy's 300, not the saved 200
        #expect(try place.session { try $0.favoritesIndex(of: People.self) }.count == 300)
    }

    @Test(arguments: ["truncated", "flipped", "garbage", "empty", "header only", "a folder"])
    func aDamagedSavedIndexIsBuiltAgainFromTheDatabase(damage: String) throws {
        let place = Place()
        try Self.filled(place)
        let expected = try Self.shown(AppDatabase.open(at: place.file).favoritesIndex(of: People.self))
        let file = place.peopleSnapshot
        var bytes = try Data(contentsOf: file)
        switch damage {
        case "truncated": bytes = bytes.prefix(bytes.count * 2 / 3)
        case "flipped": bytes[bytes.count / 2] ^= 0x40
        case "garbage": bytes = Data((0..<bytes.count).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
        case "empty": bytes = Data()
        case "header only": bytes = bytes.prefix(64)
        default: break
        }
        if damage == "a folder" {
            try FileManager.default.removeItem(at: file)
            try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        } else {
            try bytes.write(to: file)
        }
        #expect(Self.shown(try place.session { try $0.favoritesIndex(of: People.self) }) == expected)
    }

    @Test func aSnapshotFromAnotherGenerationOrLayoutIsNotRead() throws {
        let place = Place()
        try Self.filled(place)
        let generation = try AppDatabase.open(at: place.file).writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT value FROM indexGeneration WHERE tableName = 'favorite'")
        }
        let layout = "\(AppVersion.string) \(AppDatabase.indexColumns(of: People.self))"
        let saved: LetterIndex<AccountType>? = IndexSnapshot.read(place.peopleSnapshot, generation: try #require(generation), layout: layout,
                                                                  shape: FavoritesIndexBuilder<People>.shape)
        #expect(saved?.count == Self.people.count)
        let otherGeneration: LetterIndex<AccountType>? = IndexSnapshot.read(place.peopleSnapshot, generation: generation! &+ 1, layout: layout,
                                                                                   shape: FavoritesIndexBuilder<People>.shape)
        #expect(otherGeneration == nil)
        let otherLayout: LetterIndex<AccountType>? = IndexSnapshot.read(place.peopleSnapshot, generation: generation!, layout: layout + ", bio",
                                                                                shape: FavoritesIndexBuilder<People>.shape)
        #expect(otherLayout == nil)
    }

    @Test func everyWriteGivesTheTableANewGeneration() throws {
        let database = try AppDatabase.open(at: Place().file)
        func generation(_ table: String) throws -> Int64? {
            try database.writer.read { db in try Int64.fetchOne(db, sql: "SELECT value FROM indexGeneration WHERE tableName = ?", arguments: [table]) }
        }
        var seen: Set<Int64?> = [try generation("favorite")]
        try database.save(PersonFavorite(id: 1, login: "one"))
        #expect(seen.insert(try generation("favorite")).inserted)
        try database.updateFavoriteName("One", id: 1)
        #expect(seen.insert(try generation("favorite")).inserted)
        _ = try database.setNotes(FavoriteNotes(note: "hi"), of: People.self, id: 1)
        #expect(seen.insert(try generation("favorite")).inserted)
        try database.delete(People.self, id: 1)
        #expect(seen.insert(try generation("favorite")).inserted)
        let repositories = try generation(RepositoryFavorite.databaseTableName)
        try database.save(RepositoryFavorite.stub(id: 9))
        #expect(try generation(RepositoryFavorite.databaseTableName) != repositories)
        #expect(!seen.contains(nil))
    }

    @Test func aChangeInTheSessionIsSavedWhenTheSessionEnds() throws {
        let place = Place()
        try Self.filled(place)
        try place.session { database in
            try database.save(PersonFavorite(id: 5, login: "late-addition"))
            #expect(try database.favoritesIndex(of: People.self).row(5)?.login == "late-addition")
        }
        let generation = try AppDatabase.open(at: place.file).writer.read { db in
            try Int64.fetchOne(db, sql: "SELECT value FROM indexGeneration WHERE tableName = 'favorite'")
        }
        let saved: LetterIndex<AccountType>? = IndexSnapshot.read(place.peopleSnapshot, generation: try #require(generation),
                                                                  layout: "\(AppVersion.string) \(AppDatabase.indexColumns(of: People.self))", shape: FavoritesIndexBuilder<People>.shape)
        #expect(saved.map { FavoritesIndex<People>(core: $0).row(5)?.login } == "late-addition")
    }
}
