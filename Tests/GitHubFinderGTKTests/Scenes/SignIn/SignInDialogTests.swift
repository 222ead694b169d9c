import CGtk
import Foundation
import GitHubFinderCore
import XCTest
@testable import GitHubFinderGTK

final class SignInDialogTests: GTKTestCase, @unchecked Sendable {
    func testTheDialogOpensFromTheMenuRefusesABadTokenAndShowsTheAccountOfAGoodOne() {
        let good = server.issueToken(for: "octocat")
        MainActor.assumeIsolated {
            let label = window.accountLabel
            waitFor("the account label") { label.text == "Not signed in" }
            XCTAssertEqual(g_action_group_get_action_enabled(OpaquePointer(app.application), "sign-in"), 1)
            g_action_group_activate_action(OpaquePointer(app.application), "sign-in", nil)
            waitFor("the dialog") { window.signInDialog != nil }
            guard let dialog = window.signInDialog else { return }
            XCTAssertEqual(dialog.signInButton.isVisible, true)
            XCTAssertEqual(gtk_widget_get_sensitive(dialog.signInButton.pointer), 0, "nothing typed yet")

            dialog.tokenEntry.setText("ghp_definitely_wrong")
            gtk_widget_activate(dialog.signInButton.pointer)
            waitFor("the refusal") { dialog.status.text.contains("did not accept") }

            dialog.tokenEntry.setText(good)
            gtk_widget_activate(dialog.signInButton.pointer)
            waitFor("the account") { dialog.accountName.text == "Signed in as octocat" }
            XCTAssertTrue(dialog.continueButton.isVisible)
            gtk_widget_activate(dialog.continueButton.pointer)
            waitFor("the dialog to close") { window.signInDialog == nil }
            waitFor("the header") { label.text == "octocat" }
            XCTAssertEqual(g_action_group_get_action_enabled(OpaquePointer(app.application), "sign-in"), 0)
            XCTAssertEqual(g_action_group_get_action_enabled(OpaquePointer(app.application), "sign-out"), 1)
            XCTAssertEqual(app.coordinator?.signIn == nil, true)
        }
    }
}
