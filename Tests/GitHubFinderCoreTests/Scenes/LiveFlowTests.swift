import Clocks
import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// The same flows with the live client against the GitHub double and a real in-memory database.
@MainActor
@Suite("Live flows: double + real database")
struct LiveFlowTests {
    let clock = TestClock()

    func withApp(searchLimit: Int? = 1_000, _ body: (GitHubFixtureServer, AppCoordinator, NavigatorSpy) async throws -> Void) async throws {
        let server = try await GitHubFixtureServer(searchLimit: searchLimit)
        let dependencies = AppDependencies(
            api: GitHubClient(configuration: GitHubConfiguration(baseURL: server.baseURL)),
            database: .inMemory(), clock: clock
        )
        let navigator = NavigatorSpy()
        let coordinator = AppCoordinator(dependencies: dependencies, navigator: navigator, urlOpener: URLOpenerSpy())
        coordinator.start()
        do { try await body(server, coordinator, navigator) } catch { await server.stop(); throw error }
        await server.stop()
    }

    @Test func typingOctThenOctocatQuicklyMakesExactlyOneRequest() async throws {
        try await withApp { server, _, navigator in
            let search = try #require(navigator.searchViewModel)
            for text in ["o", "oc", "oct", "octo", "octoc", "octoca", "octocat"] {
                search.send(.queryChanged(text))
                await clock.step(by: .milliseconds(125))
            }
            await clock.step(by: .milliseconds(400))
            #expect(await eventually { search.state.phase == .results })
            #expect(server.requestCount(.search) == 1)
            #expect(server.receivedRequests.last?.queryValue("q") == "octocat")
            #expect(search.state.rows.first?.login == "octocat")
        }
    }

    @Test func scrollingToTheEndLoadsTheNextPageWithoutDuplicates() async throws {
        try await withApp { server, _, navigator in
            let search = try #require(navigator.searchViewModel)
            search.send(.queryChanged("a"))
            search.send(.submit)
            #expect(await eventually { search.state.phase == .results })
            #expect(search.state.rows.count == 100)
            search.send(.reachedEnd)
            #expect(await eventually { search.state.rows.count == 200 && search.state.paging == .idle })
            #expect(Set(search.state.rows.map(\.id)).count == 200)
            #expect(server.requestCount(.search) == 2)
            #expect(search.state.capNotice?.hasPrefix("Showing the first \(NumberGrouping.current.format(1_000)) of ") == true)
        }
    }

    @Test func aSpentRateLimitShowsTheResetTimeFromTheHeaders() async throws {
        try await withApp(searchLimit: 1) { server, _, navigator in
            let search = try #require(navigator.searchViewModel)
            search.send(.queryChanged("tom"))
            search.send(.submit)
            #expect(await eventually { search.state.phase == .results })
            search.send(.queryChanged("mike"))
            search.send(.submit)
            #expect(await eventually { search.state.phase == .rateLimited(resetsAt: server.quotaResetsAt("search")) })
            #expect((search.state.rateLimitSecondsRemaining ?? 0) > 0)
            #expect(search.state.rateLimitMessage?.hasPrefix("0 of 1 searches a minute left, for people and repositories together (sign in for more).") == true)
        }
    }

    @Test func starInSearchAppearsInFavoritesAndUnstarThereUpdatesSearchAndUndoRestores() async throws {
        try await withApp { _, _, navigator in
            let search = try #require(navigator.searchViewModel)
            let favorites = try #require(navigator.favoritesViewModel)
            search.send(.queryChanged("octocat"))
            search.send(.submit)
            #expect(await eventually { search.state.phase == .results })
            let octocat = try #require(search.state.rows.first)
            search.send(.toggleFavorite(octocat.id))
            #expect(await eventually { favorites.state.rows == [.header("O"), .favorite(octocat.id)] })
            #expect(favorites.favorite(octocat.id)?.login == "octocat")

            favorites.send(.unstar(octocat.id))
            #expect(await eventually { search.state.rows.first?.isFavorite == false })
            #expect(await eventually { favorites.state.isEmpty })

            favorites.send(.undo)
            #expect(await eventually { search.state.rows.first?.isFavorite == true })
            #expect(await eventually { favorites.state.rows == [.header("O"), .favorite(octocat.id)] })
        }
    }

    @Test func aUserStarredFromSearchGetsTheirNameAndTheFilterFindsThemByIt() async throws {
        try await withApp { server, _, navigator in
            // Given a search result, which carries no display name
            let search = try #require(navigator.searchViewModel)
            let favorites = try #require(navigator.favoritesViewModel)
            search.send(.queryChanged("torvalds"))
            search.send(.submit)
            #expect(await eventually { search.state.phase == .results })
            let torvalds = try #require(search.state.rows.first { $0.login == "torvalds" })

            // When it is starred from its row
            search.send(.toggleFavorite(torvalds.id))

            // Then one profile request (core quota, not search) fills the stored name in
            #expect(await eventually { favorites.favorite(torvalds.id)?.name == "Linus Torvalds" })
            #expect(server.receivedRequests.filter { $0.target == "/users/torvalds" }.count == 1)
            #expect(server.requestCount(.search) == 1)
            // And filtering by the name finds them
            favorites.send(.filterChanged("linus torv"))
            #expect(favorites.state.rows == [.header("T"), .favorite(torvalds.id)])

            // And starring again later takes the name from the cached profile, with no request
            search.send(.toggleFavorite(torvalds.id))
            #expect(await eventually { favorites.state.isEmpty })
            search.send(.toggleFavorite(torvalds.id))
            #expect(await eventually { favorites.favorite(torvalds.id)?.name == "Linus Torvalds" })
            #expect(server.receivedRequests.filter { $0.target == "/users/torvalds" }.count == 1)
        }
    }

    @Test func theDetailOpensFromCacheTheSecondTime() async throws {
        try await withApp { server, coordinator, navigator in
            coordinator.showDetail(for: .stub(id: 0, login: "octocat"))
            let first = try #require(navigator.detailViewModels.last)
            #expect(await eventually { first.state.phase == .loaded && first.state.repositoriesPhase == .loaded })
            #expect(first.state.profile?.name == "The Octocat")
            coordinator.showDetail(for: .stub(id: 1, login: "mojombo"))
            coordinator.showDetail(for: .stub(id: 0, login: "octocat"))
            let again = try #require(navigator.detailViewModels.last)
            #expect(again.state.phase == .loaded)
            #expect(again.state.profile?.name == "The Octocat")
            #expect(await eventually { server.receivedRequests.filter { $0.route == .user && $0.target == "/users/octocat" }.count == 2 })
            #expect(server.receivedRequests.last { $0.target == "/users/octocat" }?.headers["if-none-match"] != nil)
        }
    }
}
