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
        view.serverRow.setText(address)
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
            XCTAssertEqual(view.serverRow.text, "", "the entry is emptied for the next server")
            let added = view.serverList.row(for: second.baseURL)
            XCTAssertEqual(added?.title, name, "the server is listed under GitHub.com")
            XCTAssertEqual(view.serverList.row(for: GitHubConfiguration.defaultBaseURL)?.title, "GitHub.com", "a way back to GitHub.com")
            XCTAssertFalse(firstSearch === search, "the window shows the new server's Search")
            XCTAssertEqual(search.entry.text, "octocat", "the query is kept")
            waitFor("the query searched on the new server") { second.requestCount(.search) > searchesBefore && visibleLogins.contains("octocat") }
            XCTAssertEqual(PreferencesStore().load().apiURL, second.baseURL)
            XCTAssertEqual(window.coordinator?.search?.viewModel?.state.query, "octocat")

            // Back to GitHub.com by activating its row, as a click on it does.
            let secondSearch = search
            gtk_widget_activate(view.serverList.row(for: GitHubConfiguration.defaultBaseURL)!.pointer)
            waitFor("GitHub.com in use again") { groupDescription(view.serverGroup).hasPrefix("Searches, profiles and sign-in use GitHub.com.") }
            XCTAssertFalse(secondSearch === search, "the window shows GitHub.com's Search again")
            XCTAssertNil(PreferencesStore().load().apiURL)
            XCTAssertEqual(PreferencesStore().load().servers, [second.baseURL], "the server stays listed")
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
            view.serverRow.setText("ftp://example.com")
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

    func testServerTextInRowsAndNotesIsShownAsPlainText() {
        MainActor.assumeIsolated {
            let view = openPreferences()
            let hostile = "<b>boss</b> & \"co\" <span"
            view.accountRow.setTitle(hostile)
            XCTAssertEqual(view.accountRow.title, hostile)
            XCTAssertEqual(adw_preferences_row_get_use_markup(view.accountRow.cast()), 0, "a login is never read as markup")
            view.serverGroup.setDescription(hostile)
            XCTAssertEqual(view.serverGroup.groupDescription, hostile, "the group parses its description as markup: escaped, it reads as typed")
        }
    }

    func testSignOutIsConfirmedFirst() {
        let token = server.issueToken(for: "octocat")
        MainActor.assumeIsolated {
            let authenticator = app.dependencies!.authenticator
            nonisolated(unsafe) var done = false
            Task { @MainActor in
                let profile = try! await authenticator.validate(token)
                await authenticator.signIn(token: token, profile: profile)
                done = true
            }
            waitFor("signed in") { done }
            let view = openPreferences()
            let title = { String(cString: adw_preferences_row_get_title(view.accountRow.cast())) }
            waitFor("the account row") { title() == "octocat" }
            XCTAssertEqual(gtk_button_get_label(view.accountButton.cast()).map { String(cString: $0) }, "Sign Out")
            for (answer, stillSignedIn) in [("cancel", true), ("confirm", false)] {
                gtk_widget_activate(view.accountButton.pointer)
                var dialog: UnsafeMutablePointer<AdwMessageDialog>?
                waitFor("the question") {
                    dialog = Self.messageDialog()
                    return dialog != nil
                }
                XCTAssertEqual(String(cString: adw_message_dialog_get_heading(dialog)), "Sign Out?")
                // What a click on the answer's button does: the response, then the dialog closes.
                adw_message_dialog_response(dialog, answer)
                gtk_window_destroy(UnsafeMutableRawPointer(dialog!).assumingMemoryBound(to: GtkWindow.self))
                waitFor("the account after \(answer)") { (authenticator.account != nil) == stillSignedIn }
            }
            waitFor("the row says so") { title() == "Not signed in" }
            XCTAssertEqual(gtk_button_get_label(view.accountButton.cast()).map { String(cString: $0) }, "Sign In…")
        }
    }

    /// The AdwMessageDialog on screen, if any.
    @MainActor private static func messageDialog() -> UnsafeMutablePointer<AdwMessageDialog>? {
        let toplevels = gtk_window_get_toplevels()
        for index in 0..<g_list_model_get_n_items(toplevels) {
            guard let item = g_list_model_get_item(toplevels, index) else { continue }
            g_object_unref(item)
            let instance = item.assumingMemoryBound(to: GTypeInstance.self)
            if g_type_check_instance_is_a(instance, adw_message_dialog_get_type()) != 0, gtk_widget_get_visible(item.assumingMemoryBound(to: GtkWidget.self)) != 0 {
                return item.assumingMemoryBound(to: AdwMessageDialog.self)
            }
        }
        return nil
    }
}
