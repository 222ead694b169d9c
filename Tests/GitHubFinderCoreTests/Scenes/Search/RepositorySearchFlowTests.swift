import Clocks
import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// The Repositories scope with the live client against the GitHub double: searched only when
/// shown, paged, starred, and opened in the detail pane with its page and languages.
@MainActor
@Suite("Repository search: double + live client")
struct RepositorySearchFlowTests {
    let clock = TestClock()

    func withApp(_ body: (GitHubFixtureServer, AppCoordinator, NavigatorSpy) async throws -> Void) async throws {
        let server = try await GitHubFixtureServer(searchLimit: 1_000)
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

    @Test func theQueryIsKeptAcrossScopesAndOnlyTheShownScopeIsSearched() async throws {
        try await withApp { server, _, navigator in
            let tab = try #require(navigator.searchTabViewModel)
            tab.send(.queryChanged("swift"))
            tab.send(.submit)
            #expect(await eventually { tab.people.state.phase != .loading && tab.people.state.phase != .initial })
            #expect(server.requestCount(.searchRepositories) == 0, "the hidden scope spends no search quota")

            tab.send(.scopeChanged(.repositories))
            await clock.step(by: .milliseconds(400))
            #expect(await eventually { tab.repositories.state.phase == .results })
            #expect(tab.query == "swift")
            #expect(server.requestCount(.searchRepositories) == 1)
            #expect(server.receivedRequests.last?.queryValue("q") == "swift")
            let first = try #require(tab.repositories.state.rows.first)
            #expect(first.fullName.contains("/"))
            #expect(first.summary.contains("★"))

            // Back to People: its results were kept, nothing is searched again.
            let peopleSearches = server.requestCount(.search)
            tab.send(.scopeChanged(.people))
            await clock.step(by: .milliseconds(400))
            #expect(server.requestCount(.search) == peopleSearches)
            #expect(tab.query == "swift")
        }
    }

    @Test func repositoriesArePagedWithoutDuplicatesAndSortedAsAsked() async throws {
        try await withApp { server, _, navigator in
            let tab = try #require(navigator.searchTabViewModel)
            tab.send(.scopeChanged(.repositories))
            tab.send(.queryChanged("a"))
            tab.send(.submit)
            let search = tab.repositories
            #expect(await eventually { search.state.phase == .results })
            #expect(search.state.rows.count == 100)
            search.send(.reachedEnd)
            #expect(await eventually { search.state.rows.count == 200 && search.state.paging == .idle })
            #expect(Set(search.state.rows.map(\.id)).count == 200)
            search.send(.sortChanged(.stars))
            #expect(await eventually { search.state.phase == .results && search.state.sort == .stars && search.state.rows.count == 100 })
            #expect(server.receivedRequests.last?.queryValue("sort") == "stars")
        }
    }

    @Test func aQueryMatchingNothingSaysNoRepositoriesFound() async throws {
        try await withApp { _, _, navigator in
            let tab = try #require(navigator.searchTabViewModel)
            tab.send(.scopeChanged(.repositories))
            tab.send(.queryChanged("zzzqqqxxy-no-such-repository"))
            tab.send(.submit)
            #expect(await eventually { tab.repositories.state.phase == .noResults })
            #expect(tab.repositories.state.statePage?.title == "No Repositories Found")
        }
    }

    @Test func selectingARepositoryShowsItsPageAndLanguages() async throws {
        try await withApp { _, coordinator, navigator in
            let tab = try #require(navigator.searchTabViewModel)
            tab.send(.scopeChanged(.repositories))
            tab.send(.queryChanged("swift"))
            tab.send(.submit)
            #expect(await eventually { tab.repositories.state.phase == .results })
            let row = try #require(tab.repositories.state.rows.first)
            tab.repositories.send(.select(row.id))
            let detail = try #require(coordinator.repositoryDetail?.viewModel)
            #expect(navigator.repositoryDetailViewModel === detail)
            #expect(await eventually { detail.state.phase == .loaded })
            #expect(detail.state.repository.fullName == row.fullName)
            #expect(detail.state.counts.map(\.caption) == ["Stars", "Watchers", "Forks", "Open issues and pull requests"])
            #expect(!detail.state.counts.contains { $0.value == "–" }, "the page gave watchers and open issues")
            #expect(await eventually { !detail.state.languages.isEmpty })
            let total = detail.state.languages.reduce(0) { $0 + $1.percent }
            #expect(abs(total - 100) < 0.01)

            // The owner opens the person's detail in its place.
            detail.send(.openOwner)
            #expect(coordinator.repositoryDetail == nil)
            #expect(coordinator.detail?.user.login == row.fullName.split(separator: "/").first.map(String.init))
        }
    }

    @Test func starringARowShowsEverywhere() async throws {
        try await withApp { _, coordinator, navigator in
            let tab = try #require(navigator.searchTabViewModel)
            tab.send(.scopeChanged(.repositories))
            tab.send(.queryChanged("swift"))
            tab.send(.submit)
            #expect(await eventually { tab.repositories.state.phase == .results })
            let row = try #require(tab.repositories.state.rows.first)
            #expect(row.starLabel == "Star \(row.fullName)")
            tab.repositories.send(.toggleFavorite(row.id))
            #expect(tab.repositories.state.rows.first?.starLabel == "Unstar \(row.fullName)")
            tab.repositories.send(.select(row.id))
            let detail = try #require(coordinator.repositoryDetail?.viewModel)
            #expect(await eventually { detail.state.isFavorite })
            detail.send(.toggleFavorite)
            #expect(await eventually { tab.repositories.state.rows.first?.isFavorite == false })
        }
    }
}
