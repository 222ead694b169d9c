import Testing
@testable import GitHubFinderCore

@Suite("Actions: one table")
struct AppActionsTests {
    @Test func theKeysAreTheOnesUsersPress() {
        let keys = AppActions.all.filter { !$0.keys.isEmpty }.map { "\($0.detailedName) \($0.keys.joined(separator: " "))" }
        #expect(keys == [
            "win.focus-search <Control>f", "win.search-people <Control>1", "win.search-repositories <Control>2", "win.show-search <Alt>1",
            "win.show-favorites <Alt>2", "win.show-whats-new <Alt>3", "win.toggle-star <Control>d", "win.open-in-browser <Control>o", "win.refresh F5 <Control>r",
            "win.show-help-overlay <Control>question", "win.show-preferences <Control>comma", "app.quit <Control>q",
        ])
        #expect(Set(AppActions.all.map(\.detailedName)).count == AppActions.all.count, "each action has its own name")
        let listed = KeyboardShortcuts.all.filter { $0.action != nil }.map { "\($0.action!) \($0.keys.joined(separator: " "))" }
        #expect(Set(listed) == Set(keys), "the shortcuts window shows each action's keys")
    }

    @Test func starAndOpenNeedSomethingShownAndTheAccountItemsTheAccount() {
        let nothing = ActionState()
        let detail = ActionState(isShowingDetail: true)
        let signedIn = ActionState(isSignedIn: true, canSignOut: true)
        let enabled = { (state: ActionState) in Set(AppActions.all.filter { $0.isEnabled(in: state) }.map(\.detailedName)) }
        #expect(!enabled(nothing).contains("win.toggle-star") && !enabled(nothing).contains("win.open-in-browser"))
        #expect(enabled(detail).isSuperset(of: ["win.toggle-star", "win.open-in-browser"]))
        #expect(enabled(nothing).contains("app.sign-in") && !enabled(nothing).contains("app.sign-out") && !enabled(nothing).contains("app.import-following"))
        #expect(!enabled(signedIn).contains("app.sign-in") && enabled(signedIn).isSuperset(of: ["app.sign-out", "app.import-following"]))
        #expect(!enabled(ActionState(isSignedIn: true, canSignOut: false)).contains("app.sign-out"), "a token from the environment cannot be forgotten here")
        #expect(enabled(nothing).isSuperset(of: ["win.refresh", "app.quit", "app.export-favorites"]), "the search alone can be refreshed")
    }

    @Test func theShortcutsWindowListsEveryGroupInOrder() {
        let rows = KeyboardShortcuts.all
        let groups = rows.map(\.group)
        #expect(groups == groups.sorted { KeyboardShortcut.Group.allCases.firstIndex(of: $0)! < KeyboardShortcut.Group.allCases.firstIndex(of: $1)! })
        #expect(Set(groups).count == KeyboardShortcut.Group.allCases.count)
        #expect(rows.map(\.title) == [
            "Focus the search entry", "People (in Search or Favorites)", "Repositories (in Search or Favorites)", "Clear the search", "Search now",
            "Search tab", "Favorites tab", "What's New tab", "Move through the list", "Show the selected user", "Back to the list (narrow window)",
            "Add to or remove from favorites", "Open in browser",
            "Refresh", "Keyboard shortcuts", "Preferences", "Main menu", "Quit",
        ])
    }

    @Test func refreshIsF5AndControlR() {
        #expect(AppActions.action("win.refresh")?.keys == ["F5", "<Control>r"])
        #expect(AppActions.action("win.refresh")?.intent == .refresh)
    }
}
