import Clocks
import Foundation
import Testing
@testable import GitHubFinderCore

/// Items GitHub sent that no row can show are not dropped in silence: the end of the list says
/// how many, across pages, beside GitHub's cap.
@MainActor
@Suite("Search: results that could not be shown")
struct SearchSkippedResultsTests {
    let api = GitHubAPIFake()
    let clock = TestClock()

    func makeViewModel() -> PeopleSearchViewModel {
        PeopleSearchViewModel(api: api, favorites: GRDBFavoritesStore<People>(database: .inMemory()), clock: clock, actions: .init(showDetail: { _ in }, showError: { _ in }))
    }

    @Test func theFooterSaysHowManyResultsCouldNotBeShown() async throws {
        // Given a first page with one skipped item and a second page with two more
        let next = URL(string: "https://api.github.com/search/users?q=octo&page=2")!
        api.search = { _ in UserSearchPage(users: [.stub(id: 1, login: "octocat")], totalCount: 5, incompleteResults: false, next: next, skippedCount: 1) }
        api.nextPage = { _ in UserSearchPage(users: [.stub(id: 2, login: "octodog")], totalCount: 5, incompleteResults: false, next: nil, skippedCount: 2) }
        let viewModel = makeViewModel()

        // When both pages are loaded
        viewModel.send(.queryChanged("octo"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.phase == .results })
        #expect(viewModel.state.footerText == "1 result could not be shown")
        viewModel.send(.reachedEnd)
        #expect(await eventually { viewModel.state.paging == .complete })

        // Then the footer counts all three
        #expect(viewModel.state.rows.map(\.login) == ["octocat", "octodog"])
        #expect(viewModel.state.footerText == "3 results could not be shown")
    }

    @Test func aPageWithNothingSkippedSaysNothingAndANewSearchForgetsTheCount() async throws {
        api.search = { request in
            UserSearchPage(users: [.stub(login: request.query.text)], totalCount: 1, incompleteResults: false, next: nil, skippedCount: request.query.text == "bad" ? 1 : 0)
        }
        let viewModel = makeViewModel()
        viewModel.send(.queryChanged("bad"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.footerText == "1 result could not be shown" })
        viewModel.send(.queryChanged("good"))
        viewModel.send(.submit)
        #expect(await eventually { viewModel.state.rows.first?.login == "good" })
        #expect(viewModel.state.footerText == nil)
    }
}
