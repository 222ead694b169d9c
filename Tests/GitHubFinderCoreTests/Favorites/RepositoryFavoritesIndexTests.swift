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
        let rows = RepositoryFavoritesIndex(favorites).rows(matching: "")
        #expect(rows == [
            .header("A"), .repository(2), .repository(4), .repository(3),
            .header("E"), .repository(5),
            .header("S"), .repository(9), .repository(1),
            .header("#"), .repository(6), .repository(7), .repository(8),
        ])
    }

    @Test func theFilterMatchesOwnerNameOrDescriptionIgnoringCase() {
        let index = RepositoryFavoritesIndex(favorites)
        // Owner only ("octocat" and "OctoCat"), name only, description only
        #expect(index.rows(matching: "OCTOCAT") == [.header("E"), .repository(5), .header("S"), .repository(9)])
        #expect(index.rows(matching: "knife") == [.header("S"), .repository(9)])
        #expect(index.rows(matching: "networking") == [.header("A"), .repository(2)])
        // "owner/name", as the row shows it
        #expect(index.rows(matching: "apple/sw") == [.header("S"), .repository(1)])
        // Accented capitals match their small letters, in names and descriptions; Korean as typed
        #expect(index.rows(matching: "émoji") == [.header("E"), .repository(5)])
        #expect(index.rows(matching: "ÉMOJI-P") == [.header("E"), .repository(5)])
        #expect(index.rows(matching: "노선") == [.header("#"), .repository(8)])
        #expect(index.rows(matching: "nothing like it").isEmpty)
        #expect(index.rows(matching: "  ") == index.rows(matching: ""))
    }

    @Test func aMatchNeverSpansTwoTexts() {
        // "swift" + "The" (name, description) and "zed" + "app" (owner, name the other way round)
        let index = RepositoryFavoritesIndex(favorites)
        #expect(index.rows(matching: "swiftthe").isEmpty)
        #expect(index.rows(matching: "appzed").isEmpty)
    }

    @Test func aRowShowsWhatTheRepositoryHasAndGivesTheSnapshotBack() {
        let index = RepositoryFavoritesIndex(favorites)
        for favorite in favorites {
            #expect(index.row(favorite.id) == RepositoryFavoritesIndex.Row(fullName: favorite.fullName, description: favorite.description,
                                                                          language: favorite.language, stars: favorite.stars, ownerAvatarURL: favorite.ownerAvatarURL))
            #expect(index.repositoryFavorite(favorite.id) == favorite)
        }
        #expect(index.row(999) == nil)
        #expect(index.repositoryFavorite(999) == nil)
    }

    @Test func theIndexReadFromSQLiteIsTheSameAsTheOneBuiltFromValues() throws {
        // Given repositories stored out of order, one without an owner id, avatar or language
        let ownerless = RepositoryFavorite(id: 10, fullName: "torvalds/linux", ownerLogin: "torvalds", name: "linux", stars: 180_000,
                                           addedAt: Date(timeIntervalSince1970: 1_700_000_123.5))
        let all = favorites.reversed() + [ownerless]
        let database = AppDatabase.inMemory()
        for favorite in all { try database.saveRepositoryFavorite(favorite) }

        // When the index is read from SQLite
        let index = try database.repositoryFavoritesIndex()

        // Then it groups, orders and filters like the one built from values, and gives back each snapshot
        #expect(index.rows(matching: "") == RepositoryFavoritesIndex(all).rows(matching: ""))
        #expect(index.rows(matching: "").prefix(4) == [.header("A"), .repository(2), .repository(4), .repository(3)])
        #expect(index.rows(matching: "TORVALDS/") == [.header("L"), .repository(10)])
        for favorite in all { #expect(index.repositoryFavorite(favorite.id) == favorite) }
        #expect(index.count == all.count)
        #expect(try AppDatabase.inMemory().repositoryFavoritesIndex().rows(matching: "").isEmpty)
    }
}
