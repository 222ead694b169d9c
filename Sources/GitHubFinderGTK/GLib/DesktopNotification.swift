import CGtk
import Foundation

/// A desktop notification (`GNotification`) an application sends through GNOME Shell's
/// notification service: its title and body, an icon file, the action a click runs and buttons,
/// each action with a string target (`app.open-news::ID`).
@MainActor
struct DesktopNotification {
    struct Button {
        var label: String
        var action: String
        var target: String
    }

    var title: String
    var body: String?
    var iconFile: URL?
    var defaultAction: (action: String, target: String)
    var buttons: [Button] = []

    /// Sends it as `id`: one sent before with the same id is replaced on screen.
    func send(_ id: String, from application: UnsafeMutablePointer<GApplication>) {
        let notification = g_notification_new(title)!
        defer { g_object_unref(UnsafeMutableRawPointer(notification)) }
        g_notification_set_body(notification, body)
        if let iconFile, let file = g_file_new_for_path(iconFile.path) {
            if let icon = g_file_icon_new(file) {
                g_notification_set_icon(notification, icon)
                g_object_unref(UnsafeMutableRawPointer(icon))
            }
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        g_notification_set_default_action_and_target_value(notification, defaultAction.action, g_variant_new_string(defaultAction.target))
        for button in buttons {
            g_notification_add_button_with_target_value(notification, button.label, button.action, g_variant_new_string(button.target))
        }
        g_application_send_notification(application, id, notification)
    }

    /// Takes the notification `id` away, wherever it is shown (the message tray too).
    static func withdraw(_ id: String, from application: UnsafeMutablePointer<GApplication>) {
        g_application_withdraw_notification(application, id)
    }
}
