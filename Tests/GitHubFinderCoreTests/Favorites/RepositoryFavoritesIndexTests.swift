import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("Favorite repositories grouping and filter")
struct RepositoryFavoritesIndexTests {
    let favorites = [
        RepositoryFavorite.stub(id: 1, owner: "apple", name: "swift", description: "The Swift Programming Language"),
        .stub(id: 2, owner: "Alamofire", name: "Alamofire", description: "Elegant HTTP Networking in Swift"),
        .stub(id: 3, owner: "zed", name: "app"),
        .stub(id: 4, owner: "amy", name: "App", description: nil, language: nil),
        .stub(id: 5, owner: "octocat", name: "Émoji-Picker", description: "Pick an ÉMOJI"),
        .stub(id: 6, owner: "dotfiles-fan", name: ".dotfiles"),
        .stub(id: 7, owner: "1password", name: "1password-cli"),
        .stub(id: 8, owner: "kakao", name: "서울", description: "지하철 노선도"),
        .stub(id: 9, owner: "OctoCat", name: "Spoon-Knife", description: "Fork me"),
    ]

    @Test func sectionsAreTheFirstLetterOfTheNameWithNamesThenOwnersAscendingInside() {
        let rows = FavoritesIndex<Repositories>(favorites).rows(matching: "")
        #expect(rows == [
            .header("A"), .favorite(2), .favorite(4), .favorite(3),
            .header("E"), .favorite(5),
            .header("S"), .favorite(9), .favorite(1),
            .header("#"), .favorite(6), .favorite(7), .favorite(8),
        ])
    }

    @Test func theFilterMatchesOwnerNameOrDescriptionIgnoringCase() {
        let index = FavoritesIndex<Repositories>(favorites)
        // Owner only ("octocat" and "OctoCat"), name only, description only
        #expect(index.rows(matching: "OCTOCAT") == [.header("E"), .favorite(5), .header("S"), .favorite(9)])
        #expect(index.rows(matching: "knife") == [.header("S"), .favorite(9)])
        #expect(index.rows(matching: "networking") == [.header("A"), .favorite(2)])
        // "owner/name", as the row shows it
        #expect(index.rows(matching: "apple/sw") == [.header("S"), .favorite(1)])
        // Accented capitals match their small letters, in names and descriptions; Korean as typed
        #expect(index.rows(matching: "émoji") == [.header("E"), .favorite(5)])
        #expect(index.rows(matching: "ÉMOJI-P") == [.header("E"), .favorite(5)])
        #expect(index.rows(matching: "노선") == [.header("#"), .favorite(8)])
        #expect(index.rows(matching: "nothing like it").isEmpty)
        #expect(index.rows(matching: "  ") == index.rows(matching: ""))
    }

    @Test func aMatchNeverSpansTwoTexts() {
        // "swift" + "The" (name, description) and "zed" + "app" (owner, name the other way round)
        let index = FavoritesIndex<Repositories>(favorites)
        #expect(index.rows(matching: "swiftthe").isEmpty)
        #expect(index.rows(matching: "appzed").isEmpty)
    }

    @Test func aRowShowsWhatTheRepositoryHasAndGivesTheSnapshotBack() {
        let index = FavoritesIndex<Repositories>(favorites)
        for favorite in favorites {
            #expect(index.row(favorite.id) == Repositories.Row(fullName: favorite.fullName, description: favorite.description,
                                                                          language: favorite.language, stars: favorite.stars, ownerAvatarURL: favorite.ownerAvatarURL))
            #expect(index.favorite(favorite.id) == favorite)
        }
        #expect(index.row(999) == nil)
        #expect(index.favorite(999) == nil)
    }

    @Test func theIndexReadFromSQLiteIsTheSameAsTheOneBuiltFromValues() throws {
        // Given repositories stored out of order, one without an owner id, avatar or language
        let ownerless = RepositoryFavorite(id: 10, fullName: "torvalds/linux", ownerLogin: "torvalds", name: "linux", stars: 180_000,
                                           addedAt: Date(timeIntervalSince1970: 1_700_000_123.5))
        let all = favorites.reversed() + [ownerless]
        let database = AppDatabase.inMemory()
        for favorite in all { try database.save(favorite) }

        // When the index is read from SQLite
        let index = try database.favoritesIndex(of: Repositories.self)

        // Then it groups, orders and filters like the one built from values, and gives back each snapshot
        #expect(index.rows(matching: "") == FavoritesIndex<Repositories>(all).rows(matching: ""))
        #expect(index.rows(matching: "").prefix(4) == [.header("A"), .favorite(2), .favorite(4), .favorite(3)])
        #expect(index.rows(matching: "TORVALDS/") == [.header("L"), .favorite(10)])
        for favorite in all { #expect(index.favorite(favorite.id) == favorite) }
        #expect(index.count == all.count)
        #expect(try AppDatabase.inMemory().favoritesIndex(of: Repositories.self).rows(matching: "").isEmpty)
    }
}
