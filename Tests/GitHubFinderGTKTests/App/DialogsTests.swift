import CGtk
import GitHubFinderCore
import XCTest
@testable import GitHubFinderGTK

/// About and alerts are libadwaita's windows, over the main window.
final class DialogsTests: GTKTestCase, @unchecked Sendable {
    @MainActor
    private func toplevel(named typeName: String) -> UnsafeMutableRawPointer? {
        guard let list = gtk_window_list_toplevels() else { return nil }
        defer { g_list_free(list) }
        var node: UnsafeMutablePointer<GList>? = list
        while let current = node {
            if let data = current.pointee.data, String(cString: g_type_name_from_instance(data.assumingMemoryBound(to: GTypeInstance.self))) == typeName,
               gtk_widget_get_visible(data.assumingMemoryBound(to: GtkWidget.self)) != 0 {
                return data
            }
            node = current.pointee.next
        }
        return nil
    }

    func testAboutShowsTheVersionAndWebsite() {
        MainActor.assumeIsolated {
            g_action_group_activate_action(OpaquePointer(app.application), "about", nil)
            waitFor("the About window") { toplevel(named: "AdwAboutWindow") != nil }
            let about = OpaquePointer(toplevel(named: "AdwAboutWindow")!)
            XCTAssertEqual(String(cString: adw_about_window_get_version(about)), GitHubFinderApplication.version)
            XCTAssertEqual(String(cString: adw_about_window_get_application_name(about)), "GitHub Finder")
            XCTAssertTrue(String(cString: adw_about_window_get_issue_url(about)).hasPrefix("https://"))
            gtk_window_destroy(UnsafeMutableRawPointer(about).assumingMemoryBound(to: GtkWindow.self))
        }
    }

    func testAnAlertShowsItsTextAsPlainText() {
        MainActor.assumeIsolated {
            window.showAlert(Alert(title: "Link Not Opened", message: "<b>not bold</b> & more"))
            waitFor("the message dialog") { toplevel(named: "AdwMessageDialog") != nil }
            let dialog = toplevel(named: "AdwMessageDialog")!.assumingMemoryBound(to: AdwMessageDialog.self)
            XCTAssertEqual(String(cString: adw_message_dialog_get_heading(dialog)), "Link Not Opened")
            XCTAssertEqual(String(cString: adw_message_dialog_get_body(dialog)), "<b>not bold</b> & more")
            XCTAssertEqual(adw_message_dialog_get_body_use_markup(dialog), 0)
            gtk_window_destroy(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self))
        }
    }
}
