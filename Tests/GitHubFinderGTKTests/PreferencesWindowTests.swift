import CGtk
import Foundation
import GitHubFinderCore
import GitHubFixtureServer
import XCTest
@testable import GitHubFinderGTK

/// The Preferences window with the real widgets: another GitHub is checked, then used at once
/// (no restart) with the query searched again there; a server that is not a GitHub API is
/// refused and nothing changes; the cache shows its size and empties.
final class PreferencesWindowTests: GTKTestCase, @unchecked Sendable {
    @MainActor private func openPreferences() -> PreferencesView {
        g_action_group_activate_action(OpaquePointer(window.window.pointer), "show-preferences", nil)
        let view = window.preferencesView!
        waitFor("the Preferences window") { view.window.isVisibleOnScreen }
        return view
    }

    @MainActor private func apply(_ address: String, in view: PreferencesView) {
        view.serverRow.setEntryText(address)
        // What the row's apply button (✓) does.
        var row = GValue()
        g_value_init(&row, adw_entry_row_get_type())
        g_value_set_object(&row, view.serverRow.raw)
        g_signal_emitv(&row, g_signal_lookup("apply", adw_entry_row_get_type()), 0, nil)
        g_value_unset(&row)
    }

    private var groupDescription: (Widget) -> String {
        { group in MainActor.assumeIsolated { String(cString: adw_preferences_group_get_description(group.cast())) } }
    }

    func testAnotherServerIsCheckedThenUsedWithoutARestart() {
        let second = Self.startDouble(searchLimit: 1_000)
        defer { Self.blocking { await second.stop() } }
        MainActor.assumeIsolated {
            searchFor("octocat")
            waitFor("rows") { visibleLogins.contains("octocat") }
            let firstSearch = search
            let view = openPreferences()
            XCTAssertTrue(groupDescription(view.serverGroup).hasPrefix("Searches, profiles and sign-in use GitHub.com."),
                          "the tests' double stands in for github.com: nothing was chosen yet")
            let searchesBefore = second.requestCount(.search)
            apply(second.baseURL.absoluteString, in: view)
            let name = ServerAddress.displayName(second.baseURL)
            waitFor("the new server in use") { groupDescription(view.serverGroup) == "Searches, profiles and sign-in use \(name)." }
            XCTAssertFalse(view.serverRow.hasClass("error"))
            XCTAssertTrue(view.serverReset.isVisible, "a way back to GitHub.com")
            XCTAssertFalse(firstSearch === search, "the window shows the new server's Search")
            XCTAssertEqual(search.entry.entryText, "octocat", "the query is kept")
            waitFor("the query searched on the new server") { second.requestCount(.search) > searchesBefore && visibleLogins.contains("octocat") }
            XCTAssertEqual(PreferencesStore().load().apiURL, second.baseURL)
            XCTAssertEqual(window.coordinator?.search?.viewModel?.state.query, "octocat")
        }
    }

    func testAnAddressThatIsNotAGitHubAPIIsRefusedAndNothingChanges() {
        MainActor.assumeIsolated {
            let firstSearch = search
            let view = openPreferences()
            let notAPI = server.baseURL.appendingPathComponent("not/the/api")
            apply(notAPI.absoluteString, in: view)
            waitFor("the refusal") { view.serverRow.hasClass("error") }
            XCTAssertEqual(groupDescription(view.serverGroup), "The server at \(ServerAddress.displayName(notAPI)) answered, but not as a GitHub API does.")
            XCTAssertTrue(firstSearch === search, "the session was not restarted")
            XCTAssertNil(PreferencesStore().load().apiURL)
            view.serverRow.setEntryText("ftp://example.com")
            waitFor("the address refused as typed") { groupDescription(view.serverGroup) == "The address must start with https:// (or http://)." }
        }
    }

    func testTheCacheShowsItsSizeAndClears() {
        MainActor.assumeIsolated {
            searchFor("a")
            waitFor("avatars") { window.avatars.count > 0 }
            let view = openPreferences()
            let subtitle = { String(cString: adw_action_row_get_subtitle(view.cacheRow.cast())) }
            XCTAssertTrue(subtitle().hasSuffix("kept until you quit"), subtitle())
            XCTAssertTrue(view.clearCacheButton.isSensitive)
            gtk_widget_activate(view.clearCacheButton.pointer)
            waitFor("the cache emptied") { subtitle() == "Nothing is cached" }
            XCTAssertEqual(window.avatars.count, 0)
            XCTAssertFalse(view.clearCacheButton.isSensitive)
        }
    }
}
