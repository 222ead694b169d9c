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

    @Test func eachItemActivatesItsAction() {
        #expect(PrimaryMenu.sections.map { $0.map(\.action) } == [
            ["app.sign-in", "app.sign-out", "app.import-following"],
            ["app.export-favorites", "app.import-favorites"],
            ["app.style", "app.style", "app.style"],
            ["win.show-preferences", "win.show-help-overlay", "app.about"],
        ])
    }
}
