import CGtk
import CGtkSupport
import Foundation
import GitHubFinderCore
import GitHubFinderKeyring

/// The AdwApplication: one instance per session bus (`io.github.githubfinder.GitHubFinder`),
/// one window, the composition root wired to it.
@MainActor
public final class GitHubFinderApplication {
    public static let version = AppVersion.string  // the VERSION file (VersionPlugin)

    public struct Options: Sendable {
        public var apiURL: URL?
        public var search: String?
        /// Print the milliseconds from process start to the first frame drawn, then quit.
        public var benchmarkStartup = false
        /// Started by D-Bus (`--gapplication-service`, GNOME Shell's search): no window until
        /// asked for one; quits after `serviceIdleTime` with nothing to do.
        public var service = false
        /// A What's New entry to open (a notification clicked while the background service ran).
        public var openNews: String?

        public init(apiURL: URL? = nil, search: String? = nil, benchmarkStartup: Bool = false, service: Bool = false, openNews: String? = nil) {
            self.apiURL = apiURL
            self.search = search
            self.benchmarkStartup = benchmarkStartup
            self.service = service
            self.openNews = openNews
        }
    }

    let application: UnsafeMutablePointer<GtkApplication>
    private var gApplication: UnsafeMutablePointer<GApplication> { UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self) }
    private let options: Options
    /// Makes the services for the server `Preferences` name; `previous` are the ones in use
    /// when the user switches server (that server's own favorites file).
    public typealias MakeDependencies = @MainActor (_ preferences: Preferences, _ previous: AppDependencies?) -> AppDependencies
    private let makeDependencies: MakeDependencies
    public private(set) var window: MainWindow?
    public private(set) var coordinator: AppCoordinator?
    public private(set) var dependencies: AppDependencies?
    /// The application's signals and actions, connected for its lifetime.
    private var connections: [SignalConnection] = []
    /// What's New's checks and notifications.
    private lazy var news = NewsPresenter(application: gApplication)
    /// Quit was asked for (Ctrl+Q, the menu): the app ends even with "Check in the Background"
    /// on. Otherwise the last window closed, and the background service takes over.
    public private(set) var quitRequested = false
    /// This process showed the window (a second launch only hands over to the first).
    public var showedWindow: Bool { window != nil }
    private var startupBenchmark: FirstFrame?

    /// `makeDependencies` builds the services when the window is first needed (tests pass their own).
    /// `unique`: one instance per session bus; the startup benchmark and tests run side by side.
    /// `applicationID`: tests give each instance its own, since a process can register one
    /// application per ID on the session bus.
    public init(options: Options, unique: Bool = true, applicationID: String = FavoritesLocation.applicationID, makeDependencies: MakeDependencies? = nil) {
        self.options = options
        self.makeDependencies = makeDependencies ?? {
            // The server's favorites file, opened on another thread while GTK starts up; usually
            // ready by activation.
            let folder = FavoritesLocation.defaultFolder()
            let server = GitHubConfiguration.fromEnvironment(baseURL: options.apiURL, preferred: PreferencesStore().load().apiURL).baseURL
            let indexCache = XDGDirectory.cache.folder()
            let database = BackgroundWork {
                Result { () throws(FavoritesStoreError) in
                    try AppDatabase.open(at: FavoritesLocation.file(for: server, in: folder), indexCache: FavoritesLocation.indexCacheFolder(for: server, in: indexCache))
                }
            }
            return { preferences, previous in
                let configuration = GitHubConfiguration.fromEnvironment(baseURL: options.apiURL, preferred: preferences.apiURL)
                // The keyring keeps one token per server.
                let tokenStore = LibsecretTokenStore(server: configuration.baseURL)
                if let next = previous?.live(configuration: configuration, tokenStore: tokenStore, oauthClientID: preferences.oauthClientID) { return next }
                return AppDependencies.live(configuration: configuration, databaseFolder: folder, indexCacheFolder: indexCache, opened: configuration.baseURL == server ? database.value : nil,
                                            tokenStore: tokenStore, oauthClientID: preferences.oauthClientID)
            }
        }()
        StartupTrace.mark("app init")
        let unique = unique && !options.benchmarkStartup
        // AdwApplication sets libadwaita up in its own "startup", before ours runs.
        application = UnsafeMutableRawPointer(adw_application_new(applicationID, unique ? G_APPLICATION_DEFAULT_FLAGS : G_APPLICATION_NON_UNIQUE))
            .assumingMemoryBound(to: GtkApplication.self)
        MainLoop.installDispatchBridge()
        connections = [
            Signals.on(UnsafeMutableRawPointer(application), "startup") { [weak self] in self?.startup() },
            Signals.on(UnsafeMutableRawPointer(application), "activate") { [weak self] in self?.activate() },
        ]
    }

    /// How long a D-Bus started service waits for another call before it quits.
    static let serviceIdleTime: guint = 10_000

    /// Runs the main loop until the last window closes (a service: until it has been idle for
    /// `serviceIdleTime`); returns the exit status. GNOME Shell's search provider is exported
    /// first, before the application takes its name on the bus.
    public func run() -> Int32 {
        StartupTrace.mark("run")
        // Its bus connection is the one GApplication registers on next (a shared singleton), so
        // exporting first costs start-up little more than a thread.
        let application = UnsafeMutableRawPointer(gApplication)
        nonisolated(unsafe) weak var this = self
        shellSearch = ShellSearchProvider.export(server: options.apiURL, ownThread: options.service, actions: .init(
            activate: { target in this?.show(target) },
            launch: { terms in this?.launchSearch(terms) },
            touched: {
                // A service's idle time starts again from the last call.
                let app = application.assumingMemoryBound(to: GApplication.self)
                g_application_hold(app)
                g_application_release(app)
            }))
        StartupTrace.mark("shell search exported")
        if options.service {
            g_application_set_flags(gApplication, GApplicationFlags(rawValue: g_application_get_flags(gApplication).rawValue | G_APPLICATION_IS_SERVICE.rawValue))
            g_application_set_inactivity_timeout(gApplication, Self.serviceIdleTime)
        }
        return g_application_run(gApplication, 0, nil)
    }

    private var shellSearch: ShellSearchProvider?

    /// Preferences changed What's New's settings (or the session started with them).
    private func newsSettingsChanged(_ settings: NewsSettings) {
        dependencies?.news.settings = settings
    }

    /// A notification of What's New was clicked: the window on the entry (empty: the tab).
    private func openNews(_ entryID: String) {
        activate()
        coordinator?.openNews(entryID: entryID.isEmpty ? nil : entryID)
    }

    /// A notification's "Open in Browser": the page, with or without a window.
    private func openNewsPage(_ address: String) {
        guard let url = URL(string: address), let safe = BrowserURL.validated(url) else { return }
        let opener = GtkURLOpener { [weak self] in self?.window?.gtkWindow }
        Task { _ = await opener.open(safe) }
    }

    /// GNOME Shell's search chose a favorite: the window (made if need be) shows it.
    private func show(_ target: ShellSearchTarget) {
        startup()
        activate()
        switch target {
        case .person(let user): coordinator?.showDetail(for: user)
        case .repository(let repository): coordinator?.showRepositoryDetail(for: repository)
        case .search(let query, let scope): coordinator?.searchAgain(query, in: scope)
        }
    }

    /// GNOME Shell's "search in the app": the window with the terms searched.
    private func launchSearch(_ terms: [String]) {
        startup()
        activate()
        let query = terms.joined(separator: " ")
        if !query.isEmpty { coordinator?.showSearchResults(for: query) }
    }

    /// Registers without running the loop (in-process tests drive the loop themselves).
    public func registerForTesting() {
        precondition(g_application_register(gApplication, nil, nil) != 0, "the application could not register on the session bus")
        startup()
        activate()
    }

    private var started = false

    private func startup() {
        guard !started else { return }
        started = true
        StartupTrace.mark("startup")
        if let display = gdk_display_get_default() { ghf_icon_theme_load_in_background(display) }
        Style.load()
        StartupTrace.mark("style loaded")
        Style.apply(launchPreferences.colorScheme)
        applicationActions = InstalledActions(.application, on: OpaquePointer(application), of: application, style: launchPreferences.colorScheme.rawValue) {
            [weak self] intent, parameter in
            guard let self else { return }
            // Quit works before any window (a D-Bus started service); the rest go to the
            // window's coordinator.
            switch intent {
            case .quit: quit()
            default: coordinator?.perform(intent, parameter: parameter)
            }
        }
        newsActions = [
            StringParameterAction("open-news", on: OpaquePointer(application)) { [weak self] in self?.openNews($0) },
            StringParameterAction("open-news-url", on: OpaquePointer(application)) { [weak self] in self?.openNewsPage($0) },
        ]
    }

    /// `app.open-news` and `app.open-news-url`: what What's New's notifications do.
    private var newsActions: [StringParameterAction] = []

    /// Core's `AppActions` of the application (`app.`).
    private var applicationActions: InstalledActions?

    private func activate() {
        if let window {
            window.present()
            return
        }
        StartupTrace.mark("activate")
        let dependencies = makeDependencies(launchPreferences, nil)
        StartupTrace.mark("dependencies")
        let window = MainWindow(application: application, api: dependencies.api)
        StartupTrace.mark("window built")
        window.rateLimitSummary = { [weak self] in self?.dependencies.map { RateLimitSummary.text($0.api.rateLimits) } ?? "" }
        window.applicationActions = applicationActions
        window.makePreferences = { [weak self] in self?.makePreferences() }
        self.window = window
        start(dependencies, in: window, news: launchPreferences.news, announcingProblems: true)
        StartupTrace.mark("coordinator started")
        if let query = options.search { coordinator?.showSearchResults(for: query) }
        if let entry = options.openNews { coordinator?.openNews(entryID: entry.isEmpty ? nil : entry) }
        if let file = ProcessInfo.processInfo.environment["GHF_DEBUG_STATS"], !file.isEmpty {
            DebugStatistics.install(file: file) { [weak self] in self?.window }
        }
        if options.benchmarkStartup { startupBenchmark = StartupBenchmark.reportFirstFrame(of: window.window) { [weak self] in self?.quit() } }
        window.present()
        StartupTrace.mark("presented")
    }

    /// Makes and starts the coordinator of one server's session in `window`.
    private func start(_ dependencies: AppDependencies, in window: MainWindow, news: NewsSettings, announcingProblems: Bool) {
        let coordinator = AppCoordinator(dependencies: dependencies, navigator: window, urlOpener: GtkURLOpener { [weak window] in window?.gtkWindow })
        window.coordinator = coordinator
        window.showServer(dependencies.server.flatMap(ServerAddress.windowSubtitle))
        self.dependencies = dependencies
        self.coordinator = coordinator
        coordinator.start(announcingProblems: announcingProblems)
        newsSettingsChanged(news)
        // After the window's first frame: nothing of What's New delays it.
        newsStart = FirstFrame(of: window.window) { [weak self] in self?.news.start(dependencies.news) }
    }

    private var newsStart: FirstFrame?

    /// Preferences chose another GitHub: the session starts again on it, in the same window,
    /// with that server's own favorites and sign-in, and the query on screen is searched there.
    private func switchServer() {
        guard let window, let old = coordinator, let previous = dependencies else { return }
        let query = old.query
        // The old server's checks end now; the new one's start after the switch is painted.
        news.stop()
        old.stop()
        window.removeSessionViews()
        let preferences = preferencesStore.load()
        start(makeDependencies(preferences, previous), in: window, news: preferences.news, announcingProblems: false)
        if !query.isEmpty { coordinator?.showSearchResults(for: query) }
    }

    private func makePreferences() -> PreferencesView {
        PreferencesWiring.makeView(store: preferencesStore, commandLineServer: options.apiURL, session: .init(
            dependencies: { [weak self] in self?.dependencies }, window: { [weak self] in self?.window },
            coordinator: { [weak self] in self?.coordinator }, switchServer: { [weak self] in self?.switchServer() },
            newsSettingsChanged: { [weak self] in self?.newsSettingsChanged($0) }))
    }

    public func quit() {
        quitRequested = true
        FavoriteNotesViewModel.saveAllPending()
        news.stop()
        window?.window.close()
        g_application_quit(gApplication)
    }

    private let preferencesStore = PreferencesStore()
    /// Read once at launch, for the style (startup), the server and What's New (activation).
    private lazy var launchPreferences = preferencesStore.load()
}
