import CGtk
import Foundation
import GitHubFinderCore
import GitHubFinderKeyring

/// "Check in the Background": the app as the session starts it (`--gapplication-service`, the
/// autostart entry) while that preference is on — a GApplication service that never initialises
/// GTK. GTK would open the display, and on X11 that prepares OpenGL (llvmpipe alone is 50 MB
/// resident) for a window that may never come. It checks What's New, sends its notifications and
/// answers GNOME Shell's search; anything that needs a window makes this process the full app
/// (`becomeTheApp`: the same binary executed again, which takes over the bus name), and the full
/// app closed with the preference on becomes this service again (`becomeTheService`).
@MainActor
public final class BackgroundService {
    private let apiURL: URL?
    private let application: UnsafeMutablePointer<GApplication>
    private var dependencies: AppDependencies?
    private var news: NewsPresenter?
    private var shellSearch: ShellSearchProvider?
    private var actions: [StringParameterAction] = []
    private var connections: [SignalConnection] = []

    /// Whether a `--gapplication-service` start is this service (the preference is on).
    public static func isWanted(service: Bool) -> Bool {
        service && PreferencesStore().load().news.checksInBackground
    }

    public init(apiURL: URL?, applicationID: String = FavoritesLocation.applicationID) {
        self.apiURL = apiURL
        application = g_application_new(applicationID, G_APPLICATION_IS_SERVICE)!
        MainLoop.installDispatchBridge()
        let raw = UnsafeMutableRawPointer(application)
        connections = [
            Signals.on(raw, "startup") { [weak self] in self?.startup() },
            // A launch of the app (its icon, a terminal) while the service runs: the window.
            Signals.on(raw, "activate") { [weak self] in self?.becomeTheApp([]) },
        ]
    }

    /// Runs until logout (the session bus goes, and GLib ends the process with it) or until the
    /// process becomes the full app.
    public func run() -> Int32 {
        // The favorites file first (opened and migrated), then GNOME Shell's provider, which
        // reads it on its own thread: opened at once, one of them found it locked.
        let preferences = PreferencesStore().load()
        let configuration = GitHubConfiguration.fromEnvironment(baseURL: apiURL, preferred: preferences.apiURL)
        let dependencies = AppDependencies.live(configuration: configuration, databaseFolder: FavoritesLocation.defaultFolder(),
                                                tokenStore: LibsecretTokenStore(server: configuration.baseURL), oauthClientID: preferences.oauthClientID)
        dependencies.news.settings = preferences.news
        self.dependencies = dependencies
        nonisolated(unsafe) weak var this = self
        shellSearch = ShellSearchProvider.export(server: apiURL, ownThread: true, actions: .init(
            activate: { target in
                if case .search(let query, _) = target { this?.becomeTheApp(["--search", query]) } else { this?.becomeTheApp([]) }
            },
            launch: { terms in this?.becomeTheApp(terms.isEmpty ? [] : ["--search", terms.joined(separator: " ")]) },
            touched: {}))
        // Held: the service lives while the preference is on, not for an idle timeout.
        g_application_hold(application)
        return g_application_run(application, 0, nil)
    }

    private func startup() {
        let map = OpaquePointer(application)
        actions = [
            StringParameterAction("open-news", on: map) { [weak self] in self?.becomeTheApp(["--open-news", $0]) },
            StringParameterAction("open-news-url", on: map) { address in
                guard let url = URL(string: address), let safe = BrowserURL.validated(url) else { return }
                g_app_info_launch_default_for_uri(safe.absoluteString, nil, nil)
            },
        ]
        guard let dependencies else { return }
        let news = NewsPresenter(application: application)
        self.news = news
        Task { @MainActor in
            // Signed in, the token comes from the keyring first (a signed-in quota, and /user/repos).
            await dependencies.authenticator.restore()
            news.start(dependencies.news)
        }
    }

    /// Executes this binary again as the full app with `arguments` (and the server it was given).
    /// The bus name goes with this process's connection; the new one takes it.
    func becomeTheApp(_ arguments: [String]) {
        news?.stop()
        Self.execute((apiURL.map { ["--api-url", $0.absoluteString] } ?? []) + arguments)
    }

    /// The full app, closed with "Check in the Background" on, goes on as this service.
    public static func becomeTheService(apiURL: URL?) {
        execute(["--gapplication-service"] + (apiURL.map { ["--api-url", $0.absoluteString] } ?? []))
    }

    private static func execute(_ arguments: [String]) {
        let path = RunningExecutable.url.path
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        execv(path, argv)
        // Only when the binary is gone (an upgrade in progress): nothing to become.
        FileHandle.standardError.write(Data("github-finder: could not start \(path): \(String(cString: strerror(errno)))\n".utf8))
        exit(1)
    }
}
