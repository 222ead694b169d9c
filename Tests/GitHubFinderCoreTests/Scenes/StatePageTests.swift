import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("State pages: what shows instead of a list")
struct StatePageTests {
    private func state(_ phase: PeopleSearchState.Phase) -> PeopleSearchState {
        var state = PeopleSearchState()
        state.phase = phase
        return state
    }

    @Test func theResultsShowNoPage() {
        #expect(state(.results).statePage == nil)
    }

    @Test func eachSearchPhaseHasItsPage() {
        #expect(state(.initial).statePage?.title == "Search GitHub Users")
        #expect(state(.initial).statePage?.description.contains("location:berlin") == true)
        #expect(state(.loading).statePage?.title == "Searching…")
        #expect(state(.noResults).statePage?.title == "No Users Found")
        #expect(state(.signInRequired).statePage?.button == "Sign In…")
        let names = [PeopleSearchState.Phase.initial, .loading, .noResults, .offline(message: "m"), .rateLimited(resetsAt: Date()),
                     .invalidQuery(message: "m"), .failed(message: "m"), .signInRequired].compactMap { state($0).statePage?.name }
        #expect(Set(names).count == 8, "one page per phase, none shared")
    }

    @Test func messagesFromElsewhereAreTheDescriptionAndRetryIsOfferedWhereItHelps() {
        let offline = state(.offline(message: "The network connection was lost."))
        #expect(offline.statePage == StatePage(name: "offline", icon: "network-offline-symbolic", title: "You're Offline", description: "The network connection was lost.", button: "Retry"))
        #expect(state(.failed(message: "GitHub had a problem (HTTP 502). Try again.")).statePage?.button == "Retry")
        #expect(state(.invalidQuery(message: "Validation Failed")).statePage?.description == "Validation Failed")
        #expect(state(.invalidQuery(message: "Validation Failed")).statePage?.button == nil)
    }

    @Test func theRateLimitPageCountsDownInItsFootnote() {
        var limited = state(.rateLimited(resetsAt: Date(timeIntervalSinceNow: 42)))
        limited.rateLimitSecondsRemaining = 42
        let page = limited.statePage
        #expect(page?.title == "Rate Limit Reached")
        #expect(page?.description == "GitHub allows only a few searches a minute without signing in.")
        #expect(page?.footnote?.hasPrefix("Searching again in 0:42") == true)
    }

    @Test func aFailedNextPageIsAToastNotAPage() {
        var paging = state(.results)
        paging.paging = .failed(message: "timed out")
        #expect(paging.statePage == nil)
        #expect(paging.pagingFailure == "More results could not be loaded: timed out")
        #expect(state(.results).pagingFailure == nil)
    }

    @Test func favoritesShowAPageWhenThereAreNoneOrNoneMatch() {
        var favorites = PeopleFavoritesViewModel.State()
        favorites.isLoaded = true
        #expect(favorites.statePage?.name == "empty")
        #expect(favorites.statePage?.title == "No Favorites Yet")
        favorites.totalCount = 3
        favorites.filter = "zzz"
        #expect(favorites.statePage?.title == "No Matching Favorites")
        favorites.rows = [.favorite(1)]
        #expect(favorites.statePage == nil)
        #expect(StatePage.noSelection.title == "Select a User")
    }

    @Test func ourPagesFitUnwrappedAndLongLinesWrap() {
        for phase in [PeopleSearchState.Phase.initial, .noResults, .signInRequired] {
            #expect(state(phase).statePage?.fitsUnwrapped == true, "\(phase)")
        }
        #expect(StatePage.noSelection.fitsUnwrapped)
        #expect(state(.rateLimited(resetsAt: Date())).statePage?.fitsUnwrapped == false, "the allowance is one long line")
        #expect(state(.failed(message: "GitHub sent a response that could not be read (search results: an HTML page).")).statePage?.fitsUnwrapped == false)
        #expect(StatePage.columns("검색이나 즐겨찾기에서") == 21)
        #expect(StatePage.columns("octocat") == 7)
    }
}
