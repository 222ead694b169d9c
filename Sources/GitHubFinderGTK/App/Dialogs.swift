import CGtk
import CGtkSupport
import GitHubFinderCore

/// The app's libadwaita dialogs: About, and a message with a Close button.
@MainActor
enum Dialogs {
    static let website = "https://github.com/githubfinder/GitHubFinder"

    /// AdwAboutWindow: version, website, issue tracker, credits, licence.
    static func showAbout(parent: UnsafeMutablePointer<GtkWindow>, version: String) {
        let about = adw_about_window_new()!
        let window = OpaquePointer(about)
        adw_about_window_set_application_name(window, AboutTexts.applicationName)
        adw_about_window_set_application_icon(window, "io.github.githubfinder.GitHubFinder")
        adw_about_window_set_version(window, version)
        adw_about_window_set_developer_name(window, AboutTexts.developers)
        adw_about_window_set_comments(window, AboutTexts.summary)
        adw_about_window_set_website(window, website)
        adw_about_window_set_issue_url(window, website + "/issues")
        adw_about_window_set_license_type(window, GTK_LICENSE_MIT_X11)
        CStrings.withNullTerminated([AboutTexts.developers]) { adw_about_window_set_developers(window, $0) }
        gtk_window_set_transient_for(UnsafeMutableRawPointer(about).assumingMemoryBound(to: GtkWindow.self), parent)
        gtk_window_present(UnsafeMutableRawPointer(about).assumingMemoryBound(to: GtkWindow.self))
    }

    /// AdwMessageDialog with a Close button; `message` is plain text (never markup).
    static func showMessage(parent: UnsafeMutablePointer<GtkWindow>, title: String, message: String) {
        let dialog = adw_message_dialog_new(parent, title, message)!
        let opaque = UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: AdwMessageDialog.self)
        gtk_window_set_title(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self), title)
        adw_message_dialog_add_response(opaque, "close", AboutTexts.close)
        adw_message_dialog_set_default_response(opaque, "close")
        adw_message_dialog_set_close_response(opaque, "close")
        gtk_window_present(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self))
    }

    /// AdwMessageDialog asking `question`; `confirmed` runs only when its action is chosen,
    /// `declined` on any other answer (Cancel, Escape, closing it).
    static func confirm(parent: UnsafeMutablePointer<GtkWindow>, _ question: Confirmation, confirmed: @escaping @MainActor () -> Void,
                        declined: @escaping @MainActor () -> Void = {}) {
        let dialog = adw_message_dialog_new(parent, question.title, question.body)!
        let opaque = UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: AdwMessageDialog.self)
        // Its own title (else X11 names it after the application, like the main window).
        gtk_window_set_title(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self), question.title)
        adw_message_dialog_add_response(opaque, "cancel", question.cancel)
        adw_message_dialog_add_response(opaque, "confirm", question.confirm)
        adw_message_dialog_set_response_appearance(opaque, "confirm", question.isDestructive ? ADW_RESPONSE_DESTRUCTIVE : ADW_RESPONSE_SUGGESTED)
        // Enter and Escape both cancel: the action needs a deliberate click.
        adw_message_dialog_set_default_response(opaque, "cancel")
        adw_message_dialog_set_close_response(opaque, "cancel")
        ghf_name_buttons_by_labels(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWidget.self))
        // Kept by its own handler until the answer (AdwMessageDialog always answers, "cancel"
        // when closed), then dropped, which disconnects it.
        var connection: SignalConnection?
        connection = Signals.onResponse(UnsafeMutableRawPointer(dialog)) { response in
            connection = nil
            if response == "confirm" { confirmed() } else { declined() }
        }
        gtk_window_present(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self))
    }
}
