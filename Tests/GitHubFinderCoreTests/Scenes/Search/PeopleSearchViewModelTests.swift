import Clocks
import Foundation
import Testing
@testable import GitHubFinderCore

/// PeopleSearchViewModel with a scripted API, a real in-memory store and a test clock.
@MainActor
@Suite("Search view model")
struct PeopleSearchViewModelTests {
    let api = GitHubAPIFake()
    let clock = TestClock()
    let store = GRDBFavoritesStore<People>(database: .inMemory())
    var selected: [User] = []

    func makeViewModel(now: Date = Date(timeIntervalSince1970: 1_000)) -> PeopleSearchViewModel {
        PeopleSearchViewModel(api: api, favorites: store, clock: clock, actions: .init(showDetail: { _ in }, showError: { _ in }), now: { now })
    }

    @Test func aBlankQueryIsTheInitialStateAndSendsNothing() async {
        let viewModel = makeViewModel()
        viewModel.send(.queryChanged("   "))
        await clock.step(by: .seconds(5))
        #expect(viewModel.state.phase == .initial)
        #expect(api.calls.isEmpty)
    }

    @Test func typingQuicklySendsOneRequestForTheLastQuery() async {
        api.search = { request in .stub([.stub(login: request.query.text)]) }
        let viewModel = makeViewModel()
        for prefix in ["o", "oc", "oct", "octo", "octoc", "octoca", "octocat"] {
            viewModel.send(.queryChanged(prefix))
            await clock.step(by: .milliseconds(125))
        }
        await clock.step(by: .milliseconds(350))
        #expect(await eventually { viewModel.state.phase == .results })
        #expect(api.calls == ["search octocat sort=bestMatch"])
        #expect(viewModel.state.rows.map(\.login) == ["octocat"])
    }

    @Test func enterSearchesAtOnce() async {
        api.search = { _ in .stub([.stub()]) }
        let viewModel = makeViewModel()
        viewModel.send(.queryChanged("octocat"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.phase == .results })
        #expect(api.calls.count == 1)
    }

    @Test func aNewerQueryCancelsTheOlderRequestAndWins() async {
        // Given a request for "slow" that only ends when it is cancelled
        let cancelled = Counter()
        api.search = { request throws(GitHubError) in
            if request.query.text == "slow" {
                do { try await Task.sleep(for: .seconds(30)) } catch { _ = cancelled.increment(); throw .cancelled }
                Issue.record("the slow request ran to its end instead of being cancelled")
            }
            return .stub([.stub(id: 2, login: request.query.text)])
        }
        let viewModel = makeViewModel()
        viewModel.send(.queryChanged("slow"))
        viewModel.send(.submit)
        #expect(await eventually { api.calls.count == 1 })
        // When a newer query is searched
        viewModel.send(.queryChanged("fast"))
        viewModel.send(.submit)
        // Then the older request is cancelled, not merely outrun, and the newer one is shown
        #expect(await eventually { cancelled.value == 1 })
        #expect(await eventually { viewModel.state.phase == .results })
        #expect(viewModel.state.rows.map(\.login) == ["fast"])
        #expect(api.calls == ["search slow sort=bestMatch", "search fast sort=bestMatch"])
    }

    @Test func clearingTheQueryEmptiesTheList() async {
        api.search = { _ in .stub([.stub()]) }
        let viewModel = makeViewModel()
        viewModel.send(.queryChanged("octocat"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.phase == .results })
        viewModel.send(.clear)
        #expect(viewModel.state.phase == .initial)
        #expect(viewModel.state.rows.isEmpty)
        #expect(viewModel.state.query == "")
    }

    @Test(arguments: [
        (GitHubError.offline(.notConnected), PeopleSearchState.Phase.offline(message: "Can't reach GitHub. Check your connection.")),
        (.validationFailed(message: "Validation Failed", details: ["q is missing"]), .invalidQuery(message: "Validation Failed: q is missing")),
        (.serverError(status: 502), .failed(message: "GitHub had a problem (HTTP 502). Try again.")),
        (.undecodable("search results: an HTML page instead of JSON"), .failed(message: "GitHub sent a response that could not be read (search results: an HTML page instead of JSON).")),
    ])
    func errorsBecomeTheirPages(error: GitHubError, phase: PeopleSearchState.Phase) async {
        api.search = { _ throws(GitHubError) in throw error }
        let viewModel = makeViewModel()
        viewModel.send(.queryChanged("x"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.phase == phase })
    }

    @Test func noResultsIsItsOwnPage() async {
        api.search = { _ in .stub([]) }
        let viewModel = makeViewModel()
        viewModel.send(.queryChanged("zzzz"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.phase == .noResults })
    }

    @Test func rateLimitedCountsDownAndSearchesAgainAtTheReset() async {
        let now = Date(timeIntervalSince1970: 1_000)
        let attempts = Counter()
        api.search = { _ throws(GitHubError) in
            if attempts.increment() == 1 { throw .rateLimited(resetsAt: now.addingTimeInterval(3), resource: "search") }
            return .stub([.stub()])
        }
        let viewModel = makeViewModel(now: now)
        viewModel.send(.queryChanged("octocat"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.phase == .rateLimited(resetsAt: now.addingTimeInterval(3)) })
        #expect(viewModel.state.rateLimitSecondsRemaining == 3)
        // Each tick's sleep is armed on another executor: advance only once it is waiting, or
        // a busy machine lets the advance pass before the sleep exists.
        for expected in [2, 1] {
            #expect(await clock.hasSleeper())
            await clock.advance(by: .seconds(1))
            #expect(await eventually { viewModel.state.rateLimitSecondsRemaining == expected })
        }
        #expect(await clock.hasSleeper())
        await clock.advance(by: .seconds(1))
        #expect(await eventually { viewModel.state.phase == .results })
        #expect(api.calls.count == 2)
        #expect(viewModel.state.rateLimitSecondsRemaining == nil)
    }

    @Test func retryAfterOfflineSearchesAgain() async {
        let attempts = Counter()
        api.search = { _ throws(GitHubError) in
            if attempts.increment() == 1 { throw .offline(.cannotConnect) }
            return .stub([.stub()])
        }
        let viewModel = makeViewModel()
        viewModel.send(.queryChanged("octocat"))
        viewModel.send(.submit)
        #expect(await eventually { if case .offline = viewModel.state.phase { true } else { false } })
        viewModel.send(.retry)
        #expect(await eventually { viewModel.state.phase == .results })
    }

    @Test func pagingAppendsWithoutDuplicatesAndAFailureKeepsTheRows() async {
        let next = URL(string: "https://api.github.com/search/users?q=a&page=2")!
        api.search = { _ in .stub([.stub(id: 1, login: "a1"), .stub(id: 2, login: "a2")], total: 6_038, next: next) }
        let attempts = Counter()
        api.nextPage = { _ throws(GitHubError) in
            if attempts.increment() == 1 { throw .serverError(status: 500) }
            return .stub([.stub(id: 2, login: "a2"), .stub(id: 3, login: "a3")], total: 6_038, next: nil)
        }
        let viewModel = makeViewModel()
        viewModel.send(.queryChanged("a"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.phase == .results })
        // "1,000" and "6,038" in English (NumberGroupingTests); as the locale running the tests groups.
        let grouping = NumberGrouping.current
        #expect(viewModel.state.capNotice == "Showing the first \(grouping.format(1_000)) of \(grouping.format(6_038)) users")
        viewModel.send(.reachedEnd)
        #expect(await eventually { if case .failed = viewModel.state.paging { true } else { false } })
        #expect(viewModel.state.rows.map(\.login) == ["a1", "a2"])
        viewModel.send(.retry)
        #expect(await eventually { viewModel.state.paging == .complete })
        #expect(viewModel.state.rows.map(\.login) == ["a1", "a2", "a3"])
    }

    @Test func aSortChoiceSearchesAgainWithThatSort() async {
        api.search = { _ in .stub([.stub()]) }
        let viewModel = makeViewModel()
        viewModel.send(.queryChanged("tom"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.phase == .results })
        viewModel.send(.sortChanged(.followers))
        #expect(await eventually { api.calls.count == 2 })
        #expect(api.calls.last == "search tom sort=followers")
    }

    @Test func rowsCarryBadgesAndFollowTheStoresStars() async throws {
        api.search = { _ in .stub([.stub(id: 1, login: "octocat"), .stub(id: 2, login: "github", type: .organization), .stub(id: 3, login: "dependabot[bot]", type: .bot)]) }
        try store.add(.stub(id: 2, login: "github"))
        let viewModel = makeViewModel()
        viewModel.send(.queryChanged("o"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.phase == .results && viewModel.state.rows[1].isFavorite })
        #expect(viewModel.state.rows.map(\.badge) == [nil, "Organization", "Bot"])
        #expect(viewModel.state.rows[1].starLabel == "Remove github from favorites")
        // Starred from a row, a favorite gets its display name from one profile request
        api.profile = { login in
            UserProfile(id: 1, login: login, name: "The Octocat", avatarURL: nil, profileURL: nil, type: .user, bio: nil, company: nil, location: nil,
                        blog: nil, followers: 0, following: 0, publicRepositories: 0, memberSince: nil)
        }
        viewModel.send(.toggleFavorite(1))
        #expect(viewModel.state.rows[0].starLabel == "Remove octocat from favorites")
        #expect(try store.favorites().map(\.login) == ["github", "octocat"])
        #expect(await eventually { (try? store.favorites().first { $0.id == 1 }?.name) == "The Octocat" })
        try store.remove(id: 2)
        #expect(await eventually { !viewModel.state.rows[1].isFavorite })
    }
}

/// A thread-safe counter for scripted fakes.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() -> Int { lock.withLock { count += 1; return count } }
    var value: Int { lock.withLock { count } }
}
