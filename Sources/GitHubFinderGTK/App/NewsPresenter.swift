import CGtk
import Foundation
import GitHubFinderCore

/// What's New at the application's level, window or not: gives the checker the network's state
/// (`GNetworkMonitor`: available, metered), starts it, and sends what it announces as desktop
/// notifications (`GNotification`): clicking one opens the app on the entry (`app.open-news`),
/// its button opens the page in the browser (`app.open-news-url`). An entry read takes its
/// notification away.
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
        checker.onWithdraw = { [application] ids in
            for id in ids { DesktopNotification.withdraw(id, from: application) }
        }
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
            DesktopNotification(
                title: news.title, body: news.body.isEmpty ? nil : news.body,
                // The owner's avatar when Favorites keeps it on disk (for GNOME Shell's search too).
                iconFile: AvatarFiles.existingFile(for: news.avatarURL, in: AvatarFiles.folder()),
                defaultAction: ("app.open-news", news.entryID ?? ""),
                buttons: news.browserURL.map { [.init(label: news.browserLabel, action: "app.open-news-url", target: $0.absoluteString)] } ?? []
            ).send(news.id, from: application)
        }
    }
}
