import Foundation
import Testing
@testable import GitHubFinderCore

/// GNOME Shell's search over a real SQLite file: what matches, in which order, what each
/// result says, and that a change made by another connection is seen.
@Suite("GNOME Shell search over favorites")
struct ShellSearchTests {
    static func database() throws -> (AppDatabase, URL) {
        let file = AppDatabaseTests.temporaryFolder().appendingPathComponent("favorites.sqlite")
        let database = try AppDatabase.open(at: file)
        let date = Date(timeIntervalSince1970: 1_700_000_000)
        for (id, login, name, type) in [(1, "octocat", "The Octocat", AccountType.user), (2, "github", "GitHub", .organization), (3, "zola", "Émile Zola", .user),
                                        (4, "octo-fan", "Fan", .user), (5, "kim", "김민수", .user), (6, "scoot", nil, .user), (7, "dependabot", nil, .bot)] {
            try database.save(PersonFavorite(id: Int64(id), login: login, name: name, type: type, addedAt: date))
        }
        try database.save(RepositoryFavorite(id: 100, fullName: "octocat/Hello-World", ownerLogin: "octocat", ownerID: 1, name: "Hello-World",
                                                               description: "My first repository", language: "Ruby", stars: 3000, addedAt: date))
        try database.save(RepositoryFavorite(id: 101, fullName: "apple/swift", ownerLogin: "apple", name: "swift",
                                                               description: "The Swift Programming Language", language: "C++", stars: 67_400, addedAt: date))
        return (database, file)
    }

    func names(_ search: ShellSearch, _ terms: [String]) -> [String] {
        search.metas(search.resultIDs(terms)).map(\.name)
    }

    @Test func bestMatchesComeFirstWholeThenBeginningThenWordThenInside() throws {
        let (_, file) = try Self.database()
        let search = ShellSearch(file: { file })
        // logins beginning with it (shorter first), then a word beginning with it, inside a word last
        #expect(names(search, ["octo"]) == ["The Octocat", "Fan", "octocat/Hello-World"])
        #expect(names(search, ["octocat"]) == ["The Octocat", "octocat/Hello-World"], "the whole login first")
        #expect(names(search, ["hello"]) == ["octocat/Hello-World"])
        #expect(names(search, ["zola"]) == ["Émile Zola"])
        #expect(names(search, ["first"]) == ["octocat/Hello-World"], "a word of the description")
        #expect(names(search, ["swift"]) == ["apple/swift"], "a repository's own name counts as whole")
        #expect(names(search, ["programming"]) == ["apple/swift"], "descriptions are searched")
        #expect(names(search, ["oot"]) == ["scoot"], "a login with no name is its own name")
    }

    @Test func caseAndAccentsAreIgnoredAndEveryTermMustMatch() throws {
        let (_, file) = try Self.database()
        let search = ShellSearch(file: { file })
        #expect(names(search, ["ÉMILE"]) == ["Émile Zola"])
        #expect(names(search, ["emile"]) == ["Émile Zola"])
        #expect(names(search, ["OCTO", "hello"]) == ["octocat/Hello-World"])
        #expect(names(search, ["민수"]) == ["김민수"])
        #expect(names(search, ["octo", "nothing"]).isEmpty)
        #expect(names(search, ["", " "]).isEmpty, "blank terms find nothing rather than everything")
    }

    @Test func atMostTenResults() throws {
        let (database, file) = try Self.database()
        for id in 1000..<1030 { try database.save(PersonFavorite(id: Int64(id), login: "team-\(id)", addedAt: Date())) }
        #expect(ShellSearch(file: { file }).resultIDs(["team"]).count == 10)
    }

    @Test func metasSayWhatEachResultIs() throws {
        let (_, file) = try Self.database()
        let search = ShellSearch(file: { file })
        #expect(search.metas(["person:1", "person:2", "person:7", "repository:101", "person:999", "nonsense"]) == [
            ShellSearchMeta(id: "person:1", name: "The Octocat", description: "octocat"),
            ShellSearchMeta(id: "person:2", name: "GitHub", description: "github · Organization"),
            ShellSearchMeta(id: "person:7", name: "dependabot", description: "Bot"),
            ShellSearchMeta(id: "repository:101", name: "apple/swift", description: "The Swift Programming Language · C++ · ★ 67.4k"),
        ])
        #expect(search.target("person:1") == .person(User(id: 1, login: "octocat", avatarURL: nil, profileURL: nil, type: .user)))
        #expect(search.target("repository:999") == nil)
    }

    @Test func aChangeByAnotherConnectionIsSeenAndAnotherServerHasItsOwnFavorites() throws {
        let (database, file) = try Self.database()
        var current = file
        let search = ShellSearch(file: { current })
        #expect(search.resultIDs(["newcomer"]).isEmpty)
        try database.save(PersonFavorite(id: 50, login: "newcomer", addedAt: Date()))
        #expect(search.resultIDs(["newcomer"]) == ["person:50"], "starred in the window, found at once")
        _ = try database.delete(People.self, id: 50)
        #expect(search.resultIDs(["newcomer"]).isEmpty)

        current = AppDatabaseTests.temporaryFolder().appendingPathComponent("never-made.sqlite")
        #expect(search.resultIDs(["octo"]).isEmpty, "a server with no favorites file finds nothing")
        #expect(!FileManager.default.fileExists(atPath: current.path), "and no file is made for it")
    }
}
