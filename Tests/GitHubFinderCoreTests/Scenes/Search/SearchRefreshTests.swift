import Clocks
import Foundation
import Testing
@testable import GitHubFinderCore

/// Refresh (F5, Ctrl+R) in the Search tab: the query again, without blanking what is shown, and
/// never around a rate limit. A scripted API, a real in-memory store and a test clock.
@MainActor
@Suite("Search refresh")
struct SearchRefreshTests {
    let api = GitHubAPIFake()
    let clock = TestClock()
    let store = GRDBFavoritesStore<People>(database: .inMemory())
    let now = Date(timeIntervalSince1970: 1_000)
    let toasts = Recorded<String>()

    func makeViewModel() -> PeopleSearchViewModel {
        PeopleSearchViewModel(api: api, favorites: store, clock: clock,
                        actions: .init(showDetail: { _ in }, showError: { [toasts] in toasts.append($0) }), now: { [now] in now })
    }

    /// The first search answers `first`; later ones run `then`.
    func script(first: [User], then: @escaping @Sendable () async throws(GitHubError) -> [User]) {
        let calls = Counter()
        api.search = { _ throws(GitHubError) in
            .stub(calls.increment() == 1 ? first : try await then())
        }
    }

    func searched(_ viewModel: PeopleSearchViewModel, _ query: String = "octo") async -> Bool {
        viewModel.send(.queryChanged(query))
        viewModel.send(.submit)
        return await eventually { viewModel.state.phase != .loading && viewModel.state.phase != .initial }
    }

    @Test func theResultsStayOnScreenUntilTheRefreshedOnesReplaceThem() async {
        // Given results, and a refresh GitHub answers only when the clock says so
        script(first: [.stub(id: 1, login: "a"), .stub(id: 2, login: "b")]) { [clock] () throws(GitHubError) in
            do { try await clock.sleep(for: .seconds(1)) } catch { throw .cancelled }
            return [.stub(id: 2, login: "b"), .stub(id: 3, login: "c")]
        }
        let viewModel = makeViewModel()
        #expect(await searched(viewModel))
        // When Refresh is pressed
        viewModel.send(.refresh)
        #expect(await clock.hasSleeper())
        // Then nothing flashes to "Searching…" meanwhile
        #expect(viewModel.state.phase == .results)
        #expect(viewModel.state.rows.map(\.login) == ["a", "b"])
        // And the new page replaces the rows when it comes, for the same query and sort
        await clock.step(by: .seconds(1))
        #expect(await eventually { viewModel.state.rows.map(\.login) == ["b", "c"] })
        #expect(viewModel.state.query == "octo")
        #expect(api.calls == ["search octo sort=bestMatch", "search octo sort=bestMatch"])
    }

    @Test func aFailedRefreshKeepsTheResultsAndSaysWhy() async {
        script(first: [.stub(id: 1, login: "a")]) { () throws(GitHubError) in throw .offline(.notConnected) }
        let viewModel = makeViewModel()
        #expect(await searched(viewModel))
        viewModel.send(.refresh)
        #expect(await eventually { !toasts.values.isEmpty })
        #expect(viewModel.state.phase == .results)
        #expect(viewModel.state.rows.map(\.login) == ["a"])
        #expect(toasts.values.first?.hasPrefix("The results could not be refreshed: ") == true)
    }

    @Test func withTheSearchLimitSpentNothingIsSentAndTheToastSaysUntilWhen() async {
        script(first: [.stub(id: 1, login: "a")]) { [] }
        let viewModel = makeViewModel()
        #expect(await searched(viewModel))
        api.rateLimits.record(RateLimit(resource: "search", limit: 10, remaining: 0, used: 10, resetsAt: now.addingTimeInterval(60)))
        viewModel.send(.refresh)
        await settle()
        #expect(api.calls.count == 1, "no request GitHub would refuse")
        #expect(viewModel.state.rows.map(\.login) == ["a"])
        #expect(toasts.values == [ScopedSearchViewModel<PeopleSearchSource>.waitMessage(until: now.addingTimeInterval(60))])
    }

    @Test func aRateLimitPageKeepsItsCountdownAndIsNotSearchedEarly() async {
        let resetsAt = now.addingTimeInterval(30)
        api.search = { _ throws(GitHubError) in throw .rateLimited(resetsAt: resetsAt, resource: "search") }
        let viewModel = makeViewModel()
        #expect(await searched(viewModel))
        #expect(viewModel.state.phase == .rateLimited(resetsAt: resetsAt))
        viewModel.send(.refresh)
        await settle()
        #expect(api.calls.count == 1)
        #expect(viewModel.state.phase == .rateLimited(resetsAt: resetsAt))
        #expect(viewModel.state.rateLimitSecondsRemaining == 30)
    }

    @Test func anErrorPageIsSearchedAgain() async {
        script(first: []) { [.stub(id: 1, login: "a")] }
        let viewModel = makeViewModel()
        #expect(await searched(viewModel))
        #expect(viewModel.state.phase == .noResults)
        viewModel.send(.refresh)
        #expect(await eventually { viewModel.state.phase == .results })
        #expect(api.calls.count == 2)
    }

    @Test func nothingTypedNothingSent() async {
        let viewModel = makeViewModel()
        viewModel.send(.refresh)
        await settle()
        #expect(api.calls.isEmpty)
        #expect(viewModel.state.phase == .initial)
    }

    @Test func theTabRefreshesOnlyTheScopeShown() async {
        api.search = { _ in .stub([.stub()]) }
        api.repositorySearch = { _ in RepositorySearchPage(repositories: [], totalCount: 0, incompleteResults: false, next: nil) }
        let tab = SearchTabViewModel(people: makeViewModel(), repositories: RepositorySearchViewModel(
            source: RepositorySearchSource(api: api, starring: StoreRepositoryStarring(store: GRDBFavoritesStore<Repositories>(database: store.database), credentials: Credentials(), sync: nil)), clock: clock, actions: .init(showDetail: { _ in }, showError: { _ in })))
        tab.send(.queryChanged("octo"))
        tab.send(.submit)
        #expect(await eventually { tab.people.state.phase == .results })
        tab.send(.refresh)
        #expect(await eventually { api.calls.count == 2 })
        await settle()
        #expect(api.calls == ["search octo sort=bestMatch", "search octo sort=bestMatch"], "the hidden Repositories scope spends no quota")
    }

    @Test func appliedFiltersAreWrittenIntoTheQueryAndSearchedAtOnce() async {
        let queries = Recorded<String>()
        api.repositorySearch = { request in
            queries.append(request.query.text)
            return RepositorySearchPage(repositories: [], totalCount: 0, incompleteResults: false, next: nil)
        }
        let tab = SearchTabViewModel(people: makeViewModel(), repositories: RepositorySearchViewModel(
            source: RepositorySearchSource(api: api, starring: StoreRepositoryStarring(store: GRDBFavoritesStore<Repositories>(database: store.database), credentials: Credentials(), sync: nil)), clock: clock, actions: .init(showDetail: { _ in }, showError: { _ in })))
        tab.send(.scopeChanged(.repositories))
        tab.send(.queryChanged("http language:go"))
        #expect(tab.filters == SearchQualifiers(language: "go"), "the popover opens with what the query has")
        var filters = tab.filters
        filters.language = "Swift"
        filters.hidesArchived = true
        tab.send(.applyFilters(filters))
        #expect(tab.query == "http language:Swift archived:false")
        // Searched without waiting for the typing pause, once.
        #expect(await eventually { queries.values == ["http language:Swift archived:false"] })
        await clock.step(by: .seconds(1))
        #expect(queries.values.count == 1)
        #expect(tab.people.state.query.isEmpty, "the People scope is not searched with repository qualifiers")
    }
}

/// Values appended from any thread, read by the test.
final class Recorded<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [Value] = []
    func append(_ value: Value) { lock.withLock { stored.append(value) } }
    var values: [Value] { lock.withLock { stored } }
}
