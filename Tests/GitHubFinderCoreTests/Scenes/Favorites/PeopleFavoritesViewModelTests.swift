import Foundation
import Testing
@testable import GitHubFinderCore

@MainActor
@Suite("Favorites view model")
struct PeopleFavoritesViewModelTests {
    let store = GRDBFavoritesStore<People>(database: .inMemory())

    func makeViewModel(selected: @escaping @MainActor (User) -> Void = { _ in }) -> PeopleFavoritesViewModel {
        PeopleFavoritesViewModel(store: store, actions: .init(showDetail: selected))
    }

    @Test func anEmptyStoreIsNoFavoritesYet() async {
        let viewModel = makeViewModel()
        #expect(await eventually { viewModel.state.isLoaded })
        #expect(viewModel.state.isEmpty)
        #expect(viewModel.state.rows.isEmpty)
    }

    @Test func favoritesAppearGroupedAndTheFilterKeepsTheGrouping() async throws {
        try store.add(.stub(id: 1, login: "octocat", name: "The Octocat"))
        try store.add(.stub(id: 2, login: "alice"))
        let viewModel = makeViewModel()
        #expect(await eventually { viewModel.state.rows == [.header("A"), .favorite(2), .header("O"), .favorite(1)] })
        viewModel.send(.filterChanged("OCTO"))
        #expect(viewModel.state.rows == [.header("O"), .favorite(1)])
        viewModel.send(.filterChanged("nobody"))
        #expect(viewModel.state.hasNoMatches)
        #expect(!viewModel.state.isEmpty)
        #expect(viewModel.favorite(1)?.name == "The Octocat")
    }

    @Test func aFavoriteStarredWhileFilteringIsFoundByTextsTypedBefore() async throws {
        try store.add(.stub(id: 1, login: "octocat", name: "The Octocat"))
        let viewModel = makeViewModel()
        #expect(await eventually { viewModel.state.rows.count == 2 })
        for text in ["o", "oc", "oct", "octa", "oct"] { viewModel.send(.filterChanged(text)) }
        try store.add(.stub(id: 2, login: "octavia"))
        #expect(await eventually { viewModel.state.rows == [.header("O"), .favorite(2), .favorite(1)] })
        // "octa" and "o" were matched over the index before octavia: found again, not remembered.
        viewModel.send(.filterChanged("octa"))
        #expect(viewModel.state.rows == [.header("O"), .favorite(2)])
        viewModel.send(.filterChanged("o"))
        #expect(viewModel.state.rows == [.header("O"), .favorite(2), .favorite(1)])
    }

    @Test func unstarOffersUndoAndUndoRestoresTheSameSnapshot() async throws {
        let original = PersonFavorite.stub(id: 1, login: "octocat", name: "The Octocat")
        try store.add(original)
        let viewModel = makeViewModel()
        #expect(await eventually { viewModel.state.totalCount == 1 })
        viewModel.send(.unstar(1))
        #expect(viewModel.state.undoMessage == "Removed octocat from favorites")
        #expect(await eventually { viewModel.state.isEmpty })
        viewModel.send(.undo)
        #expect(await eventually { viewModel.state.rows == [.header("O"), .favorite(1)] })
        #expect(try store.favorites() == [original])
        #expect(viewModel.state.undo == nil)
    }

    /// A real refusal from SQLite: the connection is switched to `query_only`, so writes fail.
    func refuseWrites(_ refuse: Bool) throws {
        try store.database.writer.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = \(refuse ? 1 : 0)") }
    }

    @Test func aFailedWriteSaysWhichAndWhyAndTheNextSuccessClearsIt() async throws {
        // Given two favorites on screen and a database that refuses writes
        try store.add(.stub(id: 1, login: "octocat"))
        try store.add(.stub(id: 2, login: "mojombo"))
        let viewModel = makeViewModel()
        #expect(await eventually { viewModel.state.totalCount == 2 })
        try refuseWrites(true)

        // When unstarring fails, then succeeds
        viewModel.send(.unstar(1))
        #expect(viewModel.state.errorMessage == "octocat could not be removed from favorites. The favorites database is read-only: :memory:")
        #expect(viewModel.state.undo == nil)
        try refuseWrites(false)
        viewModel.send(.unstar(1))
        #expect(viewModel.state.errorMessage == nil)
        #expect(viewModel.state.undo?.login == "octocat")

        // When Undo fails, it is still offered; when it then succeeds, the message goes
        try refuseWrites(true)
        viewModel.send(.undo)
        #expect(viewModel.state.errorMessage == "octocat could not be put back in favorites. The favorites database is read-only: :memory:")
        #expect(viewModel.state.undo?.login == "octocat")
        viewModel.send(.dismissError)
        #expect(viewModel.state.errorMessage == nil)
        viewModel.send(.undo)
        #expect(viewModel.state.errorMessage?.hasPrefix("octocat could not be put back in favorites.") == true)
        try refuseWrites(false)
        viewModel.send(.undo)
        #expect(viewModel.state.errorMessage == nil)
        #expect(viewModel.state.undo == nil)
        #expect(try store.favorites().map(\.id) == [2, 1])
    }

    @Test func theNoticeIsShownAsGiven() {
        let viewModel = PeopleFavoritesViewModel(store: store, actions: .init(showDetail: { _ in }), notice: "moved")
        #expect(viewModel.state.notice == "moved")
        #expect(makeViewModel().state.notice == nil)
    }

    @Test func selectingAFavoriteAsksForItsDetail() async throws {
        try store.add(.stub(id: 7, login: "mojombo"))
        var selected: [User] = []
        let viewModel = makeViewModel { selected.append($0) }
        #expect(await eventually { viewModel.state.totalCount == 1 })
        viewModel.send(.select(7))
        #expect(selected.map(\.login) == ["mojombo"])
    }
}
