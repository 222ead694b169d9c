import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("Favorites grouping and filter")
struct FavoritesIndexTests {
    let favorites = [
        PersonFavorite.stub(id: 1, login: "octocat", name: "The Octocat"),
        PersonFavorite.stub(id: 2, login: "Alice", name: "Alice Liddell"),
        PersonFavorite.stub(id: 3, login: "bob"),
        PersonFavorite.stub(id: 4, login: "0xdeadbeef"),
        PersonFavorite.stub(id: 5, login: "ünicode", name: "Ünï Cödé"),
        PersonFavorite.stub(id: 6, login: "aaron"),
        PersonFavorite.stub(id: 7, login: "Zoë", name: "Zoë Ångström"),
        PersonFavorite.stub(id: 8, login: "_under"),
    ]

    @Test func sectionsAreLettersAscendingThenHashWithLoginsAscendingInside() {
        let rows = FavoritesIndex<People>(favorites).rows(matching: "")
        #expect(rows == [
            .header("A"), .favorite(6), .favorite(2),
            .header("B"), .favorite(3),
            .header("O"), .favorite(1),
            .header("U"), .favorite(5),
            .header("Z"), .favorite(7),
            .header("#"), .favorite(4), .favorite(8),
        ])
    }

    @Test(arguments: [("Émile", "E"), ("ñandu", "N"), ("ß", "#"), ("9to5", "#"), ("-x", "#"), ("", "#"), ("山田", "#")])
    func theFirstLetterIsFoldedForCaseAndAccents(login: String, section: String) {
        #expect(LetterSection.titles[Int(LetterSection.number(for: login))] == section)
    }

    @Test func theFilterMatchesLoginOrNameCaseInsensitivelyAndDropsEmptySections() {
        let index = FavoritesIndex<People>(favorites)
        #expect(index.rows(matching: "LIDDELL") == [.header("A"), .favorite(2)])
        #expect(index.rows(matching: "oct") == [.header("O"), .favorite(1)])
        #expect(index.rows(matching: "ünï") == [.header("U"), .favorite(5)])
        #expect(index.rows(matching: "a") == [.header("A"), .favorite(6), .favorite(2), .header("O"), .favorite(1), .header("#"), .favorite(4)])
        #expect(index.rows(matching: "nobody").isEmpty)
        #expect(index.rows(matching: "   ") == index.rows(matching: ""))
    }

    @Test func aRowShowsWhatTheFavoriteHas() {
        let index = FavoritesIndex<People>(favorites)
        for favorite in favorites {
            let row = index.row(favorite.id)
            #expect(row == People.Row(login: favorite.login, name: favorite.name, avatarURL: favorite.avatarURL, type: favorite.type))
            #expect(index.favorite(favorite.id) == favorite)
        }
        #expect(index.row(999) == nil)
    }

    @Test func eachKindReadsItsIndexFromTheColumnsItsFieldsName() {
        // A field renamed, or its name lost, would read another column or none.
        #expect(AppDatabase.indexColumns(of: People.self) == "id, login, name, avatarURL, profileURL, addedAt, note, tags, type")
        #expect(AppDatabase.indexColumns(of: Repositories.self)
                    == "id, fullName, ownerLogin, name, description, language, ownerAvatarURL, htmlURL, addedAt, note, tags, stars, ownerID")
    }

    @Test func aMatchNeverSpansLoginAndName() {
        // "cat" + "The" would be "catthe" if login and name were glued together.
        #expect(FavoritesIndex<People>(favorites).rows(matching: "catthe").isEmpty)
    }

    @Test func theIndexReadFromSQLiteIsTheSameAsTheOneBuiltFromValues() throws {
        // Given favorites stored out of id order, with accents, CJK, an organization and a name-less login
        let extra = [
            PersonFavorite(id: 12, login: "ÀLVARO", name: nil, avatarURL: URL(string: "https://avatars.githubusercontent.com/u/12?v=4"),
                     type: .organization, profileURL: URL(string: "https://github.com/ALVARO"), addedAt: Date(timeIntervalSince1970: 1_700_000_123.5)),
            PersonFavorite.stub(id: 9, login: "Émile", name: "ÉMILE Zola"),
            PersonFavorite.stub(id: 10, login: "emma"),
            PersonFavorite.stub(id: 11, login: "山田", name: "山田太郎"),
        ]
        let all = extra + favorites
        let database = AppDatabase.inMemory()
        for favorite in all { try database.save(favorite) }

        // When the index is read from SQLite
        let index = try database.favoritesIndex(of: People.self)

        // Then it groups, orders and filters like the one built from values, and gives back each snapshot
        #expect(index.rows(matching: "") == FavoritesIndex<People>(all).rows(matching: ""))
        #expect(index.rows(matching: "").prefix(9) == [.header("A"), .favorite(6), .favorite(2), .favorite(12), .header("B"), .favorite(3), .header("E"), .favorite(10), .favorite(9)])
        #expect(index.rows(matching: "zola") == [.header("E"), .favorite(9)])
        #expect(index.rows(matching: "àlv") == [.header("A"), .favorite(12)])
        #expect(index.rows(matching: "太郎") == [.header("#"), .favorite(11)])
        for favorite in all { #expect(index.favorite(favorite.id) == favorite) }
        #expect(index.favorite(999) == nil)
        #expect(index.count == all.count)
    }

    @Test func anEmptyDatabaseIsAnEmptyIndex() throws {
        let index = try AppDatabase.inMemory().favoritesIndex(of: People.self)
        #expect(index.count == 0)
        #expect(index.rows(matching: "").isEmpty)
        #expect(index.rows(matching: "a").isEmpty)
        #expect(index.favorite(1) == nil)
    }
}
