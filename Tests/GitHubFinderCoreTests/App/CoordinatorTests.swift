import Foundation
import Testing
@testable import GitHubFinderCore

@MainActor
@Suite("Coordinators")
struct CoordinatorTests {
    let api = GitHubAPIFake()
    let navigator = NavigatorSpy()
    let opener = URLOpenerSpy()

    func makeCoordinator(favoritesError: FavoritesStoreError? = nil) -> AppCoordinator {
        let dependencies = AppDependencies(api: api, favorites: GRDBFavoritesStore(database: .inMemory()), favoritesError: favoritesError)
        return AppCoordinator(dependencies: dependencies, navigator: navigator, urlOpener: opener)
    }

    @Test func startShowsBothTabsAndTheEmptyDetail() {
        let coordinator = makeCoordinator()
        coordinator.start()
        #expect(navigator.searchViewModel != nil)
        #expect(navigator.favoritesViewModel != nil)
        #expect(navigator.tabs == [.search])
        #expect(navigator.placeholders == 1)
        #expect(coordinator.childCoordinators.count == 2)
        #expect(navigator.alerts.isEmpty)
    }

    @Test func selectingAUserShowsTheirDetailAndReplacesThePrevious() async {
        api.search = { _ in .stub([.stub(id: 1, login: "octocat"), .stub(id: 2, login: "mojombo")]) }
        api.profile = { login throws(GitHubError) in throw .notFound }
        let coordinator = makeCoordinator()
        coordinator.start()
        let search = navigator.searchViewModel!
        search.send(.queryChanged("o"))
        search.send(.submit)
        #expect(await eventually { search.state.phase == .results })
        search.send(.select(1))
        #expect(navigator.detailViewModels.map(\.state.user.login) == ["octocat"])
        search.send(.select(2))
        #expect(navigator.detailViewModels.map(\.state.user.login) == ["octocat", "mojombo"])
        #expect(coordinator.detail?.user.login == "mojombo")
        #expect(coordinator.childCoordinators.count == 3)
        coordinator.closeDetail()
        #expect(coordinator.detail == nil)
        #expect(navigator.placeholders == 2)
    }

    @Test func openInBrowserPassesTheProfileURLToTheOpener() async {
        api.profile = { _ in DetailViewModelTests.profile }
        let coordinator = makeCoordinator()
        coordinator.start()
        coordinator.showDetail(for: .stub())
        let detail = navigator.detailViewModels[0]
        #expect(await eventually { detail.state.phase == .loaded })
        detail.send(.openInBrowser)
        #expect(await eventually { opener.opened.count == 1 })
        #expect(opener.opened == [URL(string: "https://github.com/octocat")!])
    }

    @Test(arguments: ["javascript:alert(1)", "file:///etc/passwd", "ftp://example.com/x", "mailto:a@b.c"])
    func nonWebURLsAreRefused(_ text: String) async {
        let coordinator = makeCoordinator()
        coordinator.openInBrowser(URL(string: text)!)
        // Refusing and opening are the two outcomes: once the refusal is shown, nothing was opened.
        #expect(await eventually { navigator.alerts.map(\.title) == ["Link Not Opened"] })
        #expect(opener.opened.isEmpty)
    }

    @Test func aBrowserThatFailsIsReportedInApp() async {
        opener.failure = "No application is registered for https"
        let coordinator = makeCoordinator()
        coordinator.openInBrowser(URL(string: "https://github.com/octocat")!)
        #expect(await eventually { navigator.toasts == ["Could not open the browser: No application is registered for https"] })
    }

    @Test func anUnusableDatabaseIsToldAtStart() {
        let coordinator = makeCoordinator(favoritesError: .corrupt(path: "/tmp/f.sqlite"))
        coordinator.start()
        #expect(navigator.alerts.first?.title == "Favorites Are Not Saved")
        #expect(navigator.alerts.first?.message.contains("/tmp/f.sqlite") == true)
    }
}
