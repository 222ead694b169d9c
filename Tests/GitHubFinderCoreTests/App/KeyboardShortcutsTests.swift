import Testing
@testable import GitHubFinderCore

@Suite("Keyboard shortcuts: one table")
struct KeyboardShortcutsTests {
    @Test func everyActionHasKeysAndEveryKeyIsListedOnce() {
        let accelerators = KeyboardShortcuts.accelerators
        #expect(accelerators.count == 11)
        #expect(accelerators.allSatisfy { !$0.keys.isEmpty && ($0.action.hasPrefix("win.") || $0.action.hasPrefix("app.")) })
        let actionKeys = accelerators.flatMap(\.keys)
        #expect(Set(actionKeys).count == actionKeys.count, "no two actions share a key")
    }

    @Test func starAndOpenNeedAUserShown() {
        #expect(KeyboardShortcuts.actionsNeedingAUser == ["toggle-star", "open-in-browser"])
    }

    @Test func theShortcutsWindowListsEveryGroupInOrder() {
        let groups = KeyboardShortcuts.all.map(\.group)
        #expect(groups == groups.sorted { KeyboardShortcut.Group.allCases.firstIndex(of: $0)! < KeyboardShortcut.Group.allCases.firstIndex(of: $1)! })
        #expect(Set(groups).count == KeyboardShortcut.Group.allCases.count)
        #expect(KeyboardShortcuts.all.first { $0.action == "win.focus-search" }?.title == "Focus the search entry")
    }

    @Test func refreshIsF5AndControlR() {
        let refresh = KeyboardShortcuts.accelerators.first { $0.action == "win.refresh" }
        #expect(refresh?.keys == ["F5", "<Control>r"])
        #expect(!KeyboardShortcuts.actionsNeedingAUser.contains("refresh"), "the search alone can be refreshed")
    }
}
