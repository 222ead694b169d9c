import Clocks
import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// Refresh through the app coordinator, and a person's repositories opening their own detail,
/// with the live client against the GitHub double.
@MainActor
@Suite("Refresh and a person's repositories: double + live client", .serialized)
struct RefreshFlowTests {
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

    /// octocat searched in People (the list on screen), then octocat/Hello-World's detail, loaded.
    func showList(_ navigator: NavigatorSpy) async throws -> PeopleSearchViewModel {
        let people = try #require(navigator.searchViewModel)
        people.send(.queryChanged("octocat"))
        people.send(.submit)
        #expect(await eventually { people.state.phase == .results })
        return people
    }

    func openRepository(_ coordinator: AppCoordinator) async throws -> RepositoryDetailViewModel {
        coordinator.showRepositoryDetail(for: Repository(id: 1125004, name: "Hello-World", fullName: "octocat/Hello-World", description: nil, language: nil,
                                                         stars: 0, forks: 0, isFork: false, isArchived: false, pushedAt: nil, htmlURL: nil))
        let detail = try #require(coordinator.repositoryDetail?.viewModel)
        #expect(await eventually { detail.state.phase == .loaded })
        return detail
    }

    @Test func refreshingARepositoryRevalidatesItAndKeepsThePageOnA304() async throws {
        try await withApp { server, coordinator, navigator in
            _ = try await showList(navigator)
            let detail = try await openRepository(coordinator)
            let page = detail.state.details
            let path = "/repos/octocat/Hello-World"
            // The README and the latest release come after the page (Hello-World has no release).
            #expect(await eventually { server.requestCount(.latestRelease) == 1 && detail.readme?.phase != .loading })
            let coreUsed = server.quotaUsed("core")
            // The double answers slowly: what the refresh shows meanwhile can be seen.
            server.inject(FixtureFault(.latency, route: .repository, milliseconds: 400, remaining: 1))
            let before = server.requestCount(.repository)

            coordinator.refresh(list: nil)
            #expect(await eventually { server.requestCount(.repository) == before + 1 })
            #expect(detail.state.phase == .loaded, "the page stays while it revalidates (no spinner, no blank)")
            #expect(detail.state.details == page)
            #expect(server.receivedRequests.last { $0.target == path }?.headers["if-none-match"] != nil)

            // The 304 comes after the double's latency: the same page, nothing to report.
            try await Task.sleep(for: .milliseconds(700))
            #expect(detail.state.phase == .loaded)
            #expect(detail.state.details == page)
            #expect(detail.state.refreshError == nil)
            #expect(await eventually { server.requestCount(.latestRelease) == 2 })
            #expect(server.requestCount(.readme) == 2)
            #expect(server.quotaUsed("core") == coreUsed + 1, "304s cost no quota; the release's 404 costs one, as on GitHub")
            #expect(server.requestCount(.search) == 1, "no list on screen: the search is not run again")
        }
    }

    @Test func aFailedRefreshKeepsTheRepositoryPageAndSaysWhy() async throws {
        try await withApp { server, coordinator, navigator in
            let people = try await showList(navigator)
            let detail = try await openRepository(coordinator)
            let page = detail.state.details
            server.inject(FixtureFault(.serverError, route: .repository, status: 502))
            coordinator.refresh(list: .search)
            #expect(await eventually { detail.state.refreshError != nil })
            #expect(detail.state.phase == .loaded)
            #expect(detail.state.details == page)
            #expect(detail.state.problem?.hasPrefix("Showing a saved copy: ") == true)
            // The list on screen was searched again too, and kept its rows.
            #expect(await eventually { server.requestCount(.search) == 2 })
            #expect(people.state.phase == .results)
            #expect(people.state.rows.first?.login == "octocat")
        }
    }

    @Test func refreshingAPersonRevalidatesTheProfileAndKeepsIt() async throws {
        try await withApp { server, coordinator, _ in
            coordinator.showDetail(for: User(id: 583231, login: "octocat", avatarURL: nil, profileURL: nil, type: .user))
            let detail = try #require(coordinator.detail?.viewModel)
            #expect(await eventually { detail.state.phase == .loaded && detail.state.repositoriesPhase == .loaded })
            let profile = detail.state.profile
            let repositories = detail.state.repositories
            coordinator.refresh(list: .favorites)
            #expect(detail.state.phase == .loaded, "shown while it revalidates")
            #expect(await eventually { server.receivedRequests.last { $0.target == "/users/octocat" }?.headers["if-none-match"] != nil })
            await settle()
            #expect(await eventually { detail.state.repositoriesPhase == .loaded })
            #expect(detail.state.profile == profile)
            #expect(detail.state.repositories == repositories)
            #expect(server.requestCount(.search) == 0, "the Favorites tab has no search to run")
        }
    }

    @Test func aPersonsRepositoryOpensInTheRepositoryDetail() async throws {
        try await withApp { _, coordinator, navigator in
            coordinator.showDetail(for: User(id: 583231, login: "octocat", avatarURL: nil, profileURL: nil, type: .user))
            let person = try #require(coordinator.detail?.viewModel)
            #expect(await eventually { !person.state.repositories.isEmpty })
            let repository = try #require(person.state.repositories.first)

            person.send(.openRepository(repository.id))

            let detail = try #require(coordinator.repositoryDetail?.viewModel)
            #expect(coordinator.detail == nil, "it takes the person's place in the pane")
            #expect(navigator.repositoryDetailViewModel === detail)
            #expect(detail.state.repository.fullName == repository.fullName)
            #expect(await eventually { detail.state.phase == .loaded })
            // Its owner leads back to the person.
            detail.send(.openOwner)
            #expect(coordinator.detail?.user.login == "octocat")
        }
    }
}
