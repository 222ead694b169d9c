import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("Favorites grouping and filter")
struct FavoritesIndexTests {
    let favorites = [
        Favorite.stub(id: 1, login: "octocat", name: "The Octocat"),
        Favorite.stub(id: 2, login: "Alice", name: "Alice Liddell"),
        Favorite.stub(id: 3, login: "bob"),
        Favorite.stub(id: 4, login: "0xdeadbeef"),
        Favorite.stub(id: 5, login: "ünicode", name: "Ünï Cödé"),
        Favorite.stub(id: 6, login: "aaron"),
        Favorite.stub(id: 7, login: "Zoë", name: "Zoë Ångström"),
        Favorite.stub(id: 8, login: "_under"),
    ]

    @Test func sectionsAreLettersAscendingThenHashWithLoginsAscendingInside() {
        let rows = FavoritesIndex(favorites).rows(matching: "")
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
        #expect(FavoritesIndex.section(for: login) == section)
    }

    @Test func theFilterMatchesLoginOrNameCaseInsensitivelyAndDropsEmptySections() {
        let index = FavoritesIndex(favorites)
        #expect(index.rows(matching: "LIDDELL") == [.header("A"), .favorite(2)])
        #expect(index.rows(matching: "oct") == [.header("O"), .favorite(1)])
        #expect(index.rows(matching: "ünï") == [.header("U"), .favorite(5)])
        #expect(index.rows(matching: "a") == [.header("A"), .favorite(6), .favorite(2), .header("O"), .favorite(1), .header("#"), .favorite(4)])
        #expect(index.rows(matching: "nobody").isEmpty)
        #expect(index.rows(matching: "   ") == index.rows(matching: ""))
    }

    @Test func aMatchNeverSpansLoginAndName() {
        // "cat" + "The" would be "catthe" if login and name were glued together.
        #expect(FavoritesIndex(favorites).rows(matching: "catthe").isEmpty)
    }
}
