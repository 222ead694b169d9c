import CGtk
import Foundation
import GitHubFinderCore

/// What's New at the application's level, window or not: gives the checker the network's state
/// (`GNetworkMonitor`: available, metered), starts it, and sends what it announces as desktop
/// notifications (`GNotification`): clicking one opens the app on the entry (`app.open-news`),
/// its button opens the page in the browser (`app.open-news-url`).
@MainActor
final class NewsPresenter {
    private let application: UnsafeMutablePointer<GApplication>
    private(set) var checker: NewsChecker?
    private var connections: [SignalConnection] = []

    init(application: UnsafeMutablePointer<GApplication>) {
        self.application = application
        if let monitor = g_network_monitor_get_default() {
            let raw = UnsafeMutableRawPointer(monitor)
            connections = [
                Signals.onNotify(raw, "network-available") { [weak self] in self?.updateNetwork() },
                Signals.onNotify(raw, "network-metered") { [weak self] in self?.updateNetwork() },
            ]
        }
    }

    /// Checks with `checker` from now on (one server's: a switch of server gives another).
    func start(_ checker: NewsChecker) {
        guard checker !== self.checker else { return }
        self.checker?.stop()
        self.checker = checker
        checker.onNotify = { [weak self] in self?.send($0) }
        updateNetwork()
        checker.start()
    }

    func stop() {
        checker?.stop()
        checker = nil
    }

    private func updateNetwork() {
        guard let monitor = g_network_monitor_get_default() else { return }
        checker?.network = NetworkConditions(isAvailable: g_network_monitor_get_network_available(monitor) != 0,
                                             isMetered: g_network_monitor_get_network_metered(monitor) != 0)
    }

    private func send(_ notifications: [NewsNotification]) {
        for news in notifications {
            let notification = g_notification_new(news.title)!
            g_notification_set_body(notification, news.body.isEmpty ? nil : news.body)
            // The owner's avatar when Favorites keeps it on disk (for GNOME Shell's search too).
            if let file = AvatarFiles.existingFile(for: news.avatarURL, in: AvatarFiles.folder()), let gFile = g_file_new_for_path(file.path) {
                if let icon = g_file_icon_new(gFile) {
                    g_notification_set_icon(notification, icon)
                    g_object_unref(UnsafeMutableRawPointer(icon))
                }
                g_object_unref(UnsafeMutableRawPointer(gFile))
            }
            g_notification_set_default_action_and_target_value(notification, "app.open-news", g_variant_new_string(news.entryID ?? ""))
            if let url = news.browserURL {
                g_notification_add_button_with_target_value(notification, tr("Open in Browser"), "app.open-news-url", g_variant_new_string(url.absoluteString))
            }
            g_application_send_notification(application, news.id, notification)
            g_object_unref(UnsafeMutableRawPointer(notification))
        }
    }
}
