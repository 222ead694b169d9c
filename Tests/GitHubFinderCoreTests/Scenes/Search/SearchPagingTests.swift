import Clocks
import Foundation
import Testing
@testable import GitHubFinderCore

/// Network thrift of paging: 100 results a request, one page at a time, and nothing sent while
/// GitHub has said to wait.
@MainActor
@Suite("Search paging")
struct SearchPagingTests {
    let api = GitHubAPIFake()
    let clock = TestClock()
    let time = Locked(Date(timeIntervalSince1970: 1_000))
    let next = URL(string: "https://api.github.com/search/users?q=a&per_page=100&page=2")!

    func makeViewModel() -> PeopleSearchViewModel {
        PeopleSearchViewModel(api: api, favorites: GRDBFavoritesStore<People>(database: .inMemory()), clock: clock,
                        actions: .init(showDetail: { _ in }, showError: { _ in }), now: { [time] in time.value })
    }

    func searchedFirstPage(_ viewModel: PeopleSearchViewModel) async {
        viewModel.send(.queryChanged("a"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.phase == .results })
    }

    @Test func searchesAskForOneHundredResults() async {
        let perPage = Locked(0)
        api.search = { request in
            perPage.value = request.perPage
            return .stub([.stub()])
        }
        await searchedFirstPage(makeViewModel())
        #expect(perPage.value == 100)
        #expect(UserSearchRequest(query: SearchQuery("a")!).perPage == 100)
    }

    @Test func reachingTheEndTwiceWhileAPageLoadsSendsOneRequest() async {
        api.search = { [next] _ in .stub([.stub(id: 1, login: "a1")], total: 3_000, next: next) }
        let release = AsyncStream<Void>.makeStream()
        api.nextPage = { _ in
            for await _ in release.stream { break }
            return .stub([.stub(id: 2, login: "a2")], total: 3_000, next: nil)
        }
        let viewModel = makeViewModel()
        await searchedFirstPage(viewModel)
        viewModel.send(.reachedEnd)
        viewModel.send(.reachedEnd)
        viewModel.send(.reachedEnd)
        #expect(await eventually { api.calls.count == 2 })
        release.continuation.yield()
        #expect(await eventually { viewModel.state.paging == .complete })
        #expect(api.calls.filter { $0.hasPrefix("page") }.count == 1)
        #expect(viewModel.state.rows.map(\.login) == ["a1", "a2"])
    }

    @Test func afterARateLimitedPageNothingIsSentUntilTheReset() async {
        api.search = { [next] _ in .stub([.stub(id: 1, login: "a1")], total: 3_000, next: next) }
        let attempts = Counter()
        api.nextPage = { [next] _ throws(GitHubError) in
            if attempts.increment() == 1 { throw .rateLimited(resetsAt: Date(timeIntervalSince1970: 1_060), resource: "search") }
            return .stub([.stub(id: 2, login: "a2")], total: 3_000, next: next)
        }
        let viewModel = makeViewModel()
        await searchedFirstPage(viewModel)
        viewModel.send(.reachedEnd)
        #expect(await eventually { if case .failed = viewModel.state.paging { true } else { false } })

        // Given the reset is a minute away, when the user retries and scrolls, then nothing is sent.
        viewModel.send(.retry)
        viewModel.send(.reachedEnd)
        await Task.yield()
        #expect(api.calls.filter { $0.hasPrefix("page") }.count == 1)
        guard case .failed(let message) = viewModel.state.paging else { Issue.record("paging should say why it waits"); return }
        #expect(message.contains("search limit"))
        #expect(viewModel.state.rows.map(\.login) == ["a1"])

        // When the reset time has come, Retry loads the page.
        time.value = Date(timeIntervalSince1970: 1_061)
        viewModel.send(.retry)
        #expect(await eventually { viewModel.state.rows.map(\.login) == ["a1", "a2"] })
        #expect(api.calls.filter { $0.hasPrefix("page") }.count == 2)
    }

    @Test func anEmptySearchBucketHoldsTheNextPageBackWithoutARequest() async {
        api.search = { [next] _ in .stub([.stub(id: 1, login: "a1")], total: 3_000, next: next) }
        api.nextPage = { _ in .stub([.stub(id: 2, login: "a2")], total: 3_000, next: nil) }
        let viewModel = makeViewModel()
        await searchedFirstPage(viewModel)
        api.rateLimits.record(RateLimit(resource: "search", limit: 10, remaining: 0, used: 10, resetsAt: Date(timeIntervalSince1970: 1_030)))
        viewModel.send(.reachedEnd)
        #expect(api.calls.filter { $0.hasPrefix("page") }.isEmpty)
        #expect(viewModel.state.rows.count == 1)
    }
}

/// A value shared with `@Sendable` fakes and clocks, read and written under a lock.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var value: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
