import Clocks
import Foundation
import GRDB
import Testing
@testable import GitHubFinderCore

/// Recent searches over a real SQLite file: what is kept (and never), the limit, the prefixes
/// typed on the way, what the Search tab shows and does, Preferences, and GNOME Shell's answers.
@MainActor
@Suite("Search history")
struct SearchHistoryTests {
    let api = GitHubAPIFake()
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func theLastFiftyQueriesAreKeptPerScopeNewestFirst() throws {
        let database = try NotesAndTagsTests.database()
        let people = SearchHistory(database: database, scope: .people)
        let repositories = SearchHistory(database: database, scope: .repositories)
        for number in 0..<60 { try people.record("query \(number)", at: start + TimeInterval(number * 3_600)) }
        try repositories.record("swift", at: start)
        let recent = try people.recent()
        #expect(recent.count == SearchHistory.limit)
        #expect(recent.first == "query 59" && recent.last == "query 10")
        #expect(try repositories.recent() == ["swift"], "each scope its own")

        // Searched again: first again, once, whatever its case
        try people.record("QUERY 20", at: start + 100 * 3_600)
        #expect(try people.recent().first == "QUERY 20")
        #expect(try people.recent().filter { $0.lowercased() == "query 20" }.count == 1)

        try people.remove("query 59")
        #expect(try !people.recent().contains("query 59"))
        #expect(try database.searchHistoryCount() == 50)
        try database.clearSearchHistory()
        #expect(try people.recent().isEmpty && repositories.recent().isEmpty)
    }

    @Test func theQueriesTypedOnTheWayToOneAreDroppedForIt() throws {
        let history = SearchHistory(database: try NotesAndTagsTests.database(), scope: .people)
        try history.record("oct", at: start)
        try history.record("octoc", at: start + 2)
        try history.record("octocat", at: start + 4)
        #expect(try history.recent() == ["octocat"])
        // A shorter query searched long before stays
        try history.record("linus", at: start + 10)
        try history.record("linus torvalds", at: start + 1_000)
        #expect(try history.recent() == ["linus torvalds", "linus", "octocat"])
    }

    @Test func datesAreStoredAsGRDBWritesThemSoOlderRowsSortWithNewOnes() throws {
        let database = try NotesAndTagsTests.database()
        let history = SearchHistory(database: database, scope: .people)
        // A row written by the first version of the history, through GRDB's own Date encoding
        try database.write { db in
            try db.execute(sql: "INSERT INTO search_history (scope, query, searchedAt) VALUES ('people', 'linus', ?)",
                           arguments: [start + 3_600])
        }
        try history.record("octocat", at: start + 0.25)
        try history.record("torvalds", at: start + 7_200)
        let stored = try database.read { db in
            try Row.fetchAll(db, sql: "SELECT query, searchedAt FROM search_history ORDER BY searchedAt")
                .map { [$0["query"] as String, $0["searchedAt"] as String] }
        }
        #expect(stored == [["octocat", "2027-01-15 08:00:00.250"], ["linus", "2027-01-15 09:00:00.000"],
                           ["torvalds", "2027-01-15 10:00:00.000"]])
        #expect(try database.read { db in try Date.fetchOne(db, sql: "SELECT searchedAt FROM search_history WHERE query = 'octocat'") } == start + 0.25)
        #expect(try history.recent() == ["torvalds", "linus", "octocat"])
    }

    @Test func tokensAndOverlongTextAreNeverKept() throws {
        let history = SearchHistory(database: try NotesAndTagsTests.database(), scope: .people)
        for secret in ["ghp_0123456789abcdefghijABCDEFGHIJ012345", "github_pat_11ABCDEFG0123456789", "gho_abcdef", "user:GHU_abc",
                       "0123456789abcdef0123456789abcdef01234567", String(repeating: "a", count: 300), "   "] {
            try history.record(secret, at: start)
        }
        #expect(try history.recent().isEmpty)
        try history.record("  octocat  ", at: start)
        #expect(try history.recent() == ["octocat"], "trimmed")
    }

    @Test func theSearchTabKeepsQueriesThatFoundSomethingAndSearchesOneAgain() async throws {
        let database = try NotesAndTagsTests.database()
        api.search = { request in request.query.text == "nobody" ? .stub([]) : .stub([.stub(login: request.query.text)]) }
        let clock = TestClock()
        let viewModel = PeopleSearchViewModel(api: api, favorites: GRDBFavoritesStore<People>(database: database), clock: clock,
                                        actions: .init(showDetail: { _ in }, showError: { _ in }), now: { [start] in start })
        viewModel.useHistory(SearchHistory(database: database, scope: .people))
        #expect(!viewModel.state.showsRecentSearches, "nothing searched yet: the start page")

        viewModel.send(.queryChanged("octocat"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.phase == .results })
        viewModel.send(.queryChanged("nobody"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.phase == .noResults })
        viewModel.send(.clear)
        #expect(await eventually { viewModel.state.recentSearches == ["octocat"] }, "a query that found nothing is not kept")
        #expect(viewModel.state.showsRecentSearches)

        viewModel.send(.searchRecent("octocat"))
        #expect(viewModel.state.query == "octocat")
        #expect(await eventually { viewModel.state.phase == .results })
        #expect(!viewModel.state.showsRecentSearches)
        #expect(api.calls.last == "search octocat sort=bestMatch", "searched at once, no pause")

        viewModel.send(.removeRecent("octocat"))
        #expect(await eventually { viewModel.state.recentSearches.isEmpty })
    }

    @Test func preferencesCountAndClearTheHistory() throws {
        let database = try NotesAndTagsTests.database()
        try SearchHistory(database: database, scope: .people).record("octocat", at: start)
        try SearchHistory(database: database, scope: .repositories).record("swift", at: start)
        let store = PreferencesStore(environment: ["XDG_CONFIG_HOME": AppDatabaseTests.temporaryFolder().path])
        let viewModel = PreferencesViewModel(
            store: store,
            serverInUse: GitHubConfiguration.defaultBaseURL, serverOverride: nil, clientIDOverride: nil,
            actions: .init(checkServer: { _ in nil }, useServer: { _ in }, useOAuthClientID: { _ in }, cachedByteCount: { 0 }, clearCache: {},
                           account: { (nil, false) }, signIn: {}, signOut: {},
                           searchHistoryCount: { (try? database.searchHistoryCount()) ?? 0 }, clearSearchHistory: { try? database.clearSearchHistory() }))
        #expect(viewModel.historySummary == "2 recent searches kept" && viewModel.canClearHistory)
        viewModel.send(.clearSearchHistory)
        #expect(viewModel.historySummary == "No recent searches are kept" && !viewModel.canClearHistory)
        #expect(try database.searchHistoryCount() == 0)

        // GNOME Shell Search › Also Search GitHub: off unless turned on, saved at once
        #expect(!viewModel.shellSearchAsksGitHub && !store.load().shellSearchAsksGitHub)
        viewModel.send(.setShellSearchAsksGitHub(true))
        #expect(viewModel.shellSearchAsksGitHub && store.load().shellSearchAsksGitHub)
    }

    @Test func gnomeShellOffersRecentSearchesAndSearchesOneAgain() throws {
        let (database, file) = try ShellSearchTests.database()
        try SearchHistory(database: database, scope: .repositories).record("gtk4 rust: bindings", at: start)
        let search = ShellSearch(file: { file })
        let ids = search.resultIDs(["bindings"])
        #expect(ids == ["search:repositories:gtk4 rust: bindings"])
        #expect(search.metas(ids) == [ShellSearchMeta(id: ids[0], name: "gtk4 rust: bindings", description: "Recent search · Repositories")])
        #expect(search.target(ids[0]) == .search("gtk4 rust: bindings", .repositories))
        #expect(search.target("search:nowhere:x") == nil)
    }
}
