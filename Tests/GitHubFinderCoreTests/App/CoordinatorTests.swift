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
        let dependencies = AppDependencies(api: api, database: .inMemory(), favoritesError: favoritesError)
        return AppCoordinator(dependencies: dependencies, navigator: navigator, urlOpener: opener)
    }

    @Test func startShowsBothTabsAndTheEmptyDetail() {
        let coordinator = makeCoordinator()
        coordinator.start()
        #expect(navigator.searchViewModel != nil)
        #expect(navigator.favoritesViewModel != nil)
        #expect(navigator.tabs == [.search])
        #expect(navigator.placeholders == 1)
        #expect(navigator.whatsNewViewModel != nil)
        #expect(coordinator.childCoordinators.count == 3, "Search, Favorites and What's New")
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
        #expect(coordinator.childCoordinators.count == 4, "the three tabs and one detail")
        coordinator.closeDetail()
        #expect(coordinator.detail == nil)
        #expect(navigator.placeholders == 2)
    }

    @Test func actionsAreCarriedOutWhereTheyBelong() async {
        let coordinator = makeCoordinator()
        coordinator.start()
        coordinator.perform(.focusSearch)
        coordinator.perform(.showTab(.favorites))
        coordinator.perform(.showScope(.repositories))
        #expect(navigator.favoritesTabViewModel?.scope == .repositories, "Ctrl+2 in Favorites shows its repositories")
        #expect(navigator.searchTabViewModel?.scope == .people, "and leaves Search as it was")
        coordinator.perform(.showTab(.search))
        coordinator.perform(.showScope(.repositories))
        #expect(navigator.searchTabViewModel?.scope == .repositories)
        coordinator.perform(.useStyle, parameter: "dark")
        coordinator.perform(.useStyle, parameter: "purple")
        coordinator.perform(.showPreferences)
        coordinator.perform(.showShortcuts)
        coordinator.perform(.showAbout)
        #expect(navigator.requests == ["focus search", "focus filter", "style dark", "preferences", "shortcuts", "about"])
        #expect(Array(navigator.tabs.suffix(3)) == [.search, .favorites, .search])
    }

    @Test func theStarActionStarsWhoeverTheDetailShows() async {
        api.profile = { _ in PersonDetailViewModelTests.profile }
        let coordinator = makeCoordinator()
        coordinator.start()
        coordinator.perform(.toggleStar)  // nobody shown: nothing happens
        coordinator.showDetail(for: .stub())
        let detail = navigator.detailViewModels[0]
        #expect(await eventually { detail.state.phase == .loaded })
        #expect(!detail.state.isFavorite)
        coordinator.perform(.toggleStar)
        #expect(await eventually { detail.state.isFavorite })
        coordinator.perform(.openInBrowser)
        #expect(await eventually { opener.opened == [URL(string: "https://github.com/octocat")!] })
    }

    @Test func exportAsksForAFileAndWritesTheFavoritesThere() async {
        let file = FileManager.default.temporaryDirectory.appending(path: "ghf-export-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let coordinator = makeCoordinator()
        coordinator.start()
        coordinator.perform(.exportFavorites)
        #expect(navigator.requests.count == 1 && navigator.requests[0].hasPrefix("export to? "), "\(navigator.requests)")
        #expect(navigator.toasts.isEmpty, "cancelled: nothing written")
        navigator.chosenFile = file
        coordinator.perform(.exportFavorites)
        #expect(await eventually { navigator.toasts.count == 1 })
        #expect(FileManager.default.fileExists(atPath: file.path))
        coordinator.perform(.importFavorites)
        #expect(navigator.requests.last == "import from?")
        #expect(await eventually { navigator.toasts.count == 2 }, "the file read back says what it added")
        #expect(navigator.alerts.isEmpty)
    }

    @Test func refreshRunsTheSearchAgainOnlyWhenItsListIsOnScreen() async {
        api.search = { _ in .stub([.stub(id: 1, login: "octocat")]) }
        let coordinator = makeCoordinator()
        coordinator.start()
        let search = navigator.searchViewModel!
        search.send(.queryChanged("octo"))
        search.send(.submit)
        #expect(await eventually { search.state.phase == .results })
        let searches = { [api] in api.calls.filter { $0.hasPrefix("search ") }.count }
        #expect(searches() == 1)
        navigator.listOnScreen = nil
        coordinator.perform(.refresh)
        try? await Task.sleep(for: .milliseconds(200))
        #expect(searches() == 1, "a narrow window showing the detail has no list on screen")
        navigator.listOnScreen = .search
        coordinator.perform(.refresh)
        #expect(await eventually { searches() == 2 })
    }

    @Test func signInOpensOneDialogHoweverOftenItIsAskedFor() {
        let coordinator = makeCoordinator()
        coordinator.start()
        coordinator.perform(.signIn)
        coordinator.perform(.signIn)
        #expect(navigator.signInViewModel != nil)
        #expect(coordinator.childCoordinators.filter { $0 is SignInCoordinator }.count == 1)
    }

    @Test func openInBrowserPassesTheProfileURLToTheOpener() async {
        api.profile = { _ in PersonDetailViewModelTests.profile }
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
