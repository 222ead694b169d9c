import Testing
@testable import GitHubFinderCore

@Suite("Accessible names: how screen readers (and the end-to-end tests) find the widgets")
struct AccessibleNamesTests {
    @Test func theNamesAreTheOnesDesignMdPromises() {
        #expect(AccessibleNames.searchEntry == "Search GitHub users")
        #expect(AccessibleNames.sortButton == "Sort")
        #expect(AccessibleNames.searchResults == "Search results")
        #expect(AccessibleNames.favoritesFilter == "Filter favorites")
        #expect(AccessibleNames.favoritesList == "Favorites")
        #expect(AccessibleNames.dismiss == "Dismiss")
        #expect(AccessibleNames.searchTab == "Search")
        #expect(AccessibleNames.favoritesTab == "Favorites")
        #expect(AccessibleNames.mainMenu == "Main Menu")
        #expect(AccessibleNames.back == "Back")
        #expect(AccessibleNames.addNote == "Add Note")
        #expect(AccessibleNames.note == "Note")
        #expect(AccessibleNames.tags == "Tags")
        #expect(AccessibleNames.recentSearches == "Recent searches")
    }

    @Test func theAboutTextsNameTheApplication() {
        #expect(AboutTexts.applicationName == "GitHub Finder")
        #expect(AboutTexts.developers == "The GitHub Finder developers")
        #expect(AboutTexts.summary == "Find GitHub users, keep your favorites, read their profiles.")
        #expect(AboutTexts.close == "_Close")
    }
}
