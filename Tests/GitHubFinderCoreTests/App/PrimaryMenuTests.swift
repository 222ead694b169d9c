import Testing
@testable import GitHubFinderCore

@Suite("The primary menu")
struct PrimaryMenuTests {
    @Test func itListsTheAccountFavoritesFilesTheStylesAndTheWindowsInFourSections() {
        let sections = PrimaryMenu.sections
        #expect(sections.map { $0.map(\.label) } == [
            ["_Sign In…", "Sign _Out", "_Add everyone you follow to Favorites"],
            ["_Export Favorites…", "_Import Favorites…"],
            ["Follow System Style", "Light Style", "Dark Style"],
            ["_Preferences", "_Keyboard Shortcuts", "_About GitHub Finder"],
        ])
        #expect(sections[0].allSatisfy { $0.hiddenWhenDisabled }, "only one of Sign In… and Sign Out shows, and the import only signed in")
        #expect(sections[1].map(\.action) == ["app.export-favorites", "app.import-favorites"])
        #expect(!sections[1].contains { $0.hiddenWhenDisabled }, "signed in or not")
        #expect(sections[2].compactMap(\.target) == ColorSchemePreference.allCases.map(\.rawValue))
    }

    @Test func anItemWithAShortcutUsesTheActionTheShortcutIsBoundTo() {
        let bound = Set(KeyboardShortcuts.all.compactMap(\.action))
        let items = PrimaryMenu.sections.joined().map(\.action)
        #expect(items.filter { $0.hasPrefix("win.") }.allSatisfy { bound.contains($0) }, "every window action of the menu has its key in the table")
        #expect(bound.contains("win.show-preferences") && bound.contains("win.show-help-overlay"))
    }
}
