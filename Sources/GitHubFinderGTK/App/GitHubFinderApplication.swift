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

        public init(apiURL: URL? = nil, search: String? = nil, benchmarkStartup: Bool = false, service: Bool = false) {
            self.apiURL = apiURL
            self.search = search
            self.benchmarkStartup = benchmarkStartup
            self.service = service
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
        exportShellSearch()
        StartupTrace.mark("shell search exported")
        if options.service {
            g_application_set_flags(gApplication, GApplicationFlags(rawValue: g_application_get_flags(gApplication).rawValue | G_APPLICATION_IS_SERVICE.rawValue))
            g_application_set_inactivity_timeout(gApplication, Self.serviceIdleTime)
        }
        return g_application_run(gApplication, 0, nil)
    }

    private var shellSearch: ShellSearchProvider?

    private func exportShellSearch() {
        let apiURL = options.apiURL
        let server: @Sendable () -> URL = { GitHubConfiguration.fromEnvironment(baseURL: apiURL, preferred: PreferencesStore().load().apiURL).baseURL }
        let github = ShellGitHubSearch(server: server, makeAPI: { url in
            var configuration = GitHubConfiguration.fromEnvironment(baseURL: url)
            configuration.timeout = 5
            return GitHubClient(configuration: configuration)
        })
        let search = ShellSearch(file: { FavoritesLocation.file(for: server(), in: FavoritesLocation.defaultFolder()) }, avatarFolder: AvatarFiles.folder(),
                                 github: github, asksGitHub: { PreferencesStore().load().shellSearchAsksGitHub })
        let application = UnsafeMutableRawPointer(gApplication)
        nonisolated(unsafe) weak var this = self
        let provider = ShellSearchProvider(search: search, actions: .init(
            activate: { target in this?.show(target) },
            launch: { terms in this?.launchSearch(terms) },
            touched: {
                // A service's idle time starts again from the last call.
                let app = application.assumingMemoryBound(to: GApplication.self)
                g_application_hold(app)
                g_application_release(app)
            }))
        if provider.start(ownThread: options.service) { shellSearch = provider }
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
        if !query.isEmpty { search(query) }
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
        installStyleAction()
        for (action, keys) in KeyboardShortcuts.accelerators {
            var pointers: [UnsafeMutablePointer<CChar>?] = keys.map { strdup($0) } + [nil]
            pointers.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                    gtk_application_set_accels_for_action(application, action, $0)
                }
            }
            pointers.forEach { free($0) }
        }
        addAppAction("quit") { [weak self] in self?.quit() }
        addAppAction("about") { [weak self] in
            guard let window = self?.window else { return }
            Dialogs.showAbout(parent: window.gtkWindow, version: Self.version)
        }
        signInAction = addAppAction("sign-in") { [weak self] in self?.coordinator?.startSignIn() }
        signOutAction = addAppAction("sign-out") { [weak self] in self?.coordinator?.signOut() }
        g_simple_action_set_enabled(signOutAction, 0)
        importFollowingAction = addAppAction("import-following") { [weak self] in self?.coordinator?.importFollowing() }
        g_simple_action_set_enabled(importFollowingAction, 0)
        addAppAction("export-favorites") { [weak self] in
            guard let self, let window, let coordinator else { return }
            FavoritesFileChooser.chooseExport(parent: window.gtkWindow, suggestedName: coordinator.suggestedFavoritesFileName) { [weak self] in
                self?.coordinator?.exportFavorites(to: $0)
            }
        }
        addAppAction("import-favorites") { [weak self] in
            guard let self, let window else { return }
            FavoritesFileChooser.chooseImport(parent: window.gtkWindow) { [weak self] in self?.coordinator?.importFavorites(from: $0) }
        }
    }

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
        window.onAccountChanged = { [weak self] signedIn, canSignOut in
            guard let self else { return }
            g_simple_action_set_enabled(signInAction, signedIn ? 0 : 1)
            g_simple_action_set_enabled(signOutAction, canSignOut ? 1 : 0)
            g_simple_action_set_enabled(importFollowingAction, signedIn ? 1 : 0)
        }
        window.makePreferences = { [weak self] in self?.makePreferences() }
        self.window = window
        start(dependencies, in: window, announcingProblems: true)
        StartupTrace.mark("coordinator started")
        if let query = options.search { search(query) }
        if let file = ProcessInfo.processInfo.environment["GHF_DEBUG_STATS"], !file.isEmpty {
            DebugStatistics.install(file: file) { [weak self] in self?.window }
        }
        if options.benchmarkStartup { startupBenchmark = StartupBenchmark.reportFirstFrame(of: window.window) { [weak self] in self?.quit() } }
        window.present()
        StartupTrace.mark("presented")
    }

    /// Makes and starts the coordinator of one server's session in `window`.
    private func start(_ dependencies: AppDependencies, in window: MainWindow, announcingProblems: Bool) {
        let coordinator = AppCoordinator(dependencies: dependencies, navigator: window, urlOpener: GtkURLOpener { [weak window] in window?.gtkWindow })
        window.coordinator = coordinator
        window.showServer(dependencies.server.flatMap(ServerAddress.windowSubtitle))
        self.dependencies = dependencies
        self.coordinator = coordinator
        coordinator.start(announcingProblems: announcingProblems)
    }

    private func search(_ query: String) {
        guard let search = coordinator?.search?.viewModel else { return }
        search.send(.queryChanged(query))
        search.send(.submit)
    }

    /// Preferences chose another GitHub: the session starts again on it, in the same window,
    /// with that server's own favorites and sign-in, and the query on screen is searched there.
    private func switchServer() {
        guard let window, let old = coordinator, let previous = dependencies else { return }
        let query = old.search?.viewModel?.state.query ?? ""
        old.stop()
        window.removeSessionViews()
        start(makeDependencies(preferencesStore.load(), previous), in: window, announcingProblems: false)
        if !query.isEmpty { search(query) }
    }

    private func makePreferences() -> PreferencesView {
        let configuration = GitHubConfiguration.fromEnvironment(baseURL: options.apiURL, preferred: preferencesStore.load().apiURL)
        let model = PreferencesViewModel(
            store: preferencesStore, serverInUse: configuration.baseURL,
            serverOverride: GitHubConfiguration.override(commandLine: options.apiURL),
            clientIDOverride: OAuthConfiguration.override(),
            actions: .init(
                checkServer: { await ServerAddress.check($0) },
                useServer: { [weak self] _ in self?.switchServer() },
                useOAuthClientID: { [weak self] in self?.dependencies?.useOAuthClientID($0) },
                cachedByteCount: { [weak self] in (self?.dependencies?.api.cachedByteCount ?? 0) + (self?.window?.avatars.byteCount ?? 0) },
                clearCache: { [weak self] in
                    self?.dependencies?.api.clearCache()
                    self?.window?.avatars.removeAll()
                },
                account: { [weak self] in
                    guard let authenticator = self?.dependencies?.authenticator else { return (nil, false) }
                    return (authenticator.account, authenticator.canSignOut)
                },
                signIn: { [weak self] in
                    self?.window?.hidePreferences()
                    self?.coordinator?.startSignIn()
                },
                signOut: { [weak self] in self?.coordinator?.signOut() },
                searchHistoryCount: { [weak self] in (try? self?.dependencies?.searchHistoryCount()) ?? 0 },
                clearSearchHistory: { [weak self] in
                    do { try self?.dependencies?.clearSearchHistory() } catch { self?.window?.showToast(Toast(message: error.localizedDescription)) }
                }))
        return PreferencesView(viewModel: model) { [weak self] question, confirmed in
            guard let parent = self?.window?.preferencesView?.window else { return }
            Dialogs.confirm(parent: parent.cast(), question, confirmed: confirmed)
        }
    }

    public func quit() {
        FavoriteNotesViewModel.saveAllPending()
        window?.window.close()
        g_application_quit(gApplication)
    }

    private let preferencesStore = PreferencesStore()
    /// Read once at launch, for the style (startup) and the server (activation).
    private lazy var launchPreferences = preferencesStore.load()

    /// `app.style`: Follow System Style, Light Style or Dark Style (the primary menu's radio
    /// items), applied at once through AdwStyleManager and remembered.
    private func installStyleAction() {
        let saved = launchPreferences
        Style.apply(saved.colorScheme)
        let action = g_simple_action_new_stateful("style", g_variant_type_new("s"), g_variant_new_string(saved.colorScheme.rawValue))!
        connections.append(Signals.onAction(action) { [weak self] parameter in
            guard let self, let parameter, let scheme = ColorSchemePreference(rawValue: String(cString: g_variant_get_string(parameter, nil))) else { return }
            g_simple_action_set_state(action, parameter)
            Style.apply(scheme)
            var preferences = preferencesStore.load()
            preferences.colorScheme = scheme
            try? preferencesStore.save(preferences)
        })
        addToApplication(action)
    }

    private var signInAction: OpaquePointer?
    private var signOutAction: OpaquePointer?
    private var importFollowingAction: OpaquePointer?

    @discardableResult
    private func addAppAction(_ name: String, _ handler: @escaping @MainActor () -> Void) -> OpaquePointer {
        let action = g_simple_action_new(name, nil)!
        connections.append(Signals.onAction(action) { _ in handler() })
        addToApplication(action)
        return action
    }

    /// The application's action map holds the action from now on.
    private func addToApplication(_ action: OpaquePointer) {
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }
}

/// A value computed on a background thread; `value` waits for it.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global(qos: .userInitiated).async {
            self.result = work()
            self.done.signal()
        }
    }

    var value: Value {
        done.wait()
        done.signal()
        return result!
    }
}

/// The app's CSS; light or dark.
@MainActor
enum Style {
    /// Light or dark as chosen; "system" (libadwaita's default: prefer light) follows the
    /// desktop's preference, read from the settings portal, light when there is none.
    static func apply(_ scheme: ColorSchemePreference) {
        let adwScheme = switch scheme {
        case .system: ADW_COLOR_SCHEME_DEFAULT
        case .light: ADW_COLOR_SCHEME_FORCE_LIGHT
        case .dark: ADW_COLOR_SCHEME_FORCE_DARK
        }
        let manager = adw_style_manager_get_default()
        // Setting the scheme it already has would still restyle the whole window at start-up.
        if adw_style_manager_get_color_scheme(manager) != adwScheme { adw_style_manager_set_color_scheme(manager, adwScheme) }
    }

    /// True when the window is drawn dark now.
    static var isDark: Bool { adw_style_manager_get_dark(adw_style_manager_get_default()) != 0 }

    static func load() {
        guard let display = gdk_display_get_default() else { return }
        GResources.register()
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_resource(provider, GResources.path("style.css"))
        gtk_style_context_add_provider_for_display(display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
