import Foundation
import Testing
@testable import GitHubFinderCore

@MainActor
@Suite("Favorites tab: repositories and the scope switch")
struct RepositoryFavoritesViewModelTests {
    let store = GRDBFavoritesStore<Repositories>(database: .inMemory())

    func makeViewModel(selected: @escaping @MainActor (Repository) -> Void = { _ in }) -> RepositoryFavoritesViewModel {
        RepositoryFavoritesViewModel(source: RepositoryFavoritesSource(store: store, starring: StoreRepositoryStarring(store: store, credentials: Credentials(), sync: nil)), actions: .init(showDetail: selected))
    }

    @Test func noStarredRepositoriesSaysSo() async {
        let viewModel = makeViewModel()
        #expect(await eventually { viewModel.state.isLoaded })
        #expect(viewModel.state.statePage?.title == "No Starred Repositories")
    }

    @Test func repositoriesAreGroupedByNameAndTheFilterMatchesOwnerNameAndDescription() async throws {
        try store.add(RepositoryFavorite.stub(id: 1, owner: "apple", name: "swift", description: "The Swift Programming Language"))
        try store.add(RepositoryFavorite.stub(id: 2, owner: "gnome", name: "gtk", description: "Widget toolkit"))
        try store.add(RepositoryFavorite.stub(id: 3, owner: "zed", name: "Swiftly"))
        let viewModel = makeViewModel()
        #expect(await eventually { viewModel.state.rows == [.header("G"), .favorite(2), .header("S"), .favorite(1), .favorite(3)] })
        viewModel.send(.filterChanged("toolkit"))
        #expect(viewModel.state.rows == [.header("G"), .favorite(2)])
        viewModel.send(.filterChanged("APPLE/"))
        #expect(viewModel.state.rows == [.header("S"), .favorite(1)])
        viewModel.send(.filterChanged("zzz"))
        #expect(viewModel.state.statePage?.title == "No Matching Repositories")
        #expect(viewModel.row(1)?.fullName == "apple/swift")
    }

    @Test func unstarOffersUndoNamingTheRepositoryAndUndoStarsItAgain() async throws {
        try store.add(RepositoryFavorite.stub(id: 7, owner: "octocat", name: "hello-world"))
        let viewModel = makeViewModel()
        #expect(await eventually { viewModel.state.totalCount == 1 })
        viewModel.send(.unstar(7))
        #expect(viewModel.state.undoMessage == "Unstarred octocat/hello-world")
        #expect(await eventually { viewModel.state.isEmpty })
        #expect(try store.favorites().isEmpty)
        viewModel.send(.undo)
        #expect(await eventually { viewModel.state.rows == [.header("H"), .favorite(7)] })
        #expect(try store.favorites() == [RepositoryFavorite.stub(id: 7, owner: "octocat", name: "hello-world")], "the same snapshot, first starred when it was")
    }

    @Test func selectingOpensThatRepository() async throws {
        try store.add(RepositoryFavorite.stub(id: 7, owner: "octocat", name: "hello-world"))
        var opened: Repository?
        let viewModel = makeViewModel { opened = $0 }
        #expect(await eventually { viewModel.state.totalCount == 1 })
        viewModel.send(.select(7))
        #expect(opened?.fullName == "octocat/hello-world")
        #expect(opened?.htmlURL?.absoluteString == "https://github.com/octocat/hello-world")
    }

    @Test func theFilterIsKeptAcrossScopesAndOnlyTheShownListIsFiltered() async throws {
        try GRDBFavoritesStore<People>(database: store.database).add(.stub(id: 1, login: "octocat"))
        try store.add(RepositoryFavorite.stub(id: 7, owner: "octocat", name: "hello-world"))
        try store.add(RepositoryFavorite.stub(id: 8, owner: "gnome", name: "gtk"))
        let repositories = makeViewModel()
        let tab = FavoritesTabViewModel(people: PeopleFavoritesViewModel(store: GRDBFavoritesStore<People>(database: store.database), actions: .init(showDetail: { _ in })), repositories: repositories)
        #expect(await eventually { tab.people.state.totalCount == 1 && repositories.state.totalCount == 2 })
        tab.send(.filterChanged("octo"))
        #expect(tab.people.state.filter == "octo")
        #expect(repositories.state.filter == "", "a hidden list is not filtered on each keystroke")
        tab.send(.scopeChanged(.repositories))
        #expect(repositories.state.rows == [.header("H"), .favorite(7)])
        tab.send(.filterChanged(""))
        tab.send(.scopeChanged(.people))
        #expect(tab.people.state.filter == "")
        #expect(tab.filter == "")
    }
}
