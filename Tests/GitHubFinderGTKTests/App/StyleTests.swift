import CGtk
import GitHubFinderCore
import XCTest
@testable import GitHubFinderGTK

/// The primary menu's style choice: applied at once through libadwaita and remembered.
final class StyleTests: GTKTestCase, @unchecked Sendable {
    func testChoosingDarkStyleDarkensTheWindowAndIsRemembered() {
        MainActor.assumeIsolated {
            XCTAssertFalse(Style.isDark, "no preference and no desktop setting: light")
            g_action_group_activate_action(OpaquePointer(app.application), "style", g_variant_new_string("dark"))
            XCTAssertTrue(Style.isDark)
            XCTAssertEqual(PreferencesStore().load().colorScheme, .dark)
            g_action_group_activate_action(OpaquePointer(app.application), "style", g_variant_new_string("light"))
            XCTAssertFalse(Style.isDark)
            XCTAssertEqual(PreferencesStore().load().colorScheme, .light)
            g_action_group_activate_action(OpaquePointer(app.application), "style", g_variant_new_string("system"))
            XCTAssertEqual(PreferencesStore().load().colorScheme, .system)
        }
    }

    func testThePreferencesWindowChoosesTheStyleToo() {
        MainActor.assumeIsolated {
            g_action_group_activate_action(OpaquePointer(window.window.pointer), "show-preferences", nil)
            let preferences = window.preferencesView!.window
            waitFor("the Preferences window") { preferences.isVisibleOnScreen }
            let dark = window.preferencesView!.builder.get("style_dark", as: CheckButton.self)
            XCTAssertFalse(dark.isActive, "the saved choice (system) is the one checked")
            XCTAssertTrue(window.preferencesView!.builder.get("style_system", as: CheckButton.self).isActive)
            gtk_widget_activate(dark.pointer)
            XCTAssertTrue(Style.isDark)
            XCTAssertTrue(dark.isActive)
            XCTAssertEqual(PreferencesStore().load().colorScheme, .dark)
            preferences.close()
        }
    }
}
