import Foundation
import Logging

/// The root flow: starts Search and Favorites, shows the detail of the selected user, opens
/// the browser, and reports problems (an unusable favorites database) through the navigator.
@MainActor
public final class AppCoordinator: Coordinator, CoordinatorDelegate {
    public var childCoordinators: [any Coordinator] = []
    public weak var delegate: (any CoordinatorDelegate)?
    private let dependencies: AppDependencies
    private let navigator: any Navigator
    private let urlOpener: any URLOpener
    private let logger = Logger(label: "GitHubFinder.AppCoordinator")

    public init(dependencies: AppDependencies, navigator: any Navigator, urlOpener: any URLOpener) {
        self.dependencies = dependencies
        self.navigator = navigator
        self.urlOpener = urlOpener
    }

    public var search: SearchCoordinator? { childCoordinators.lazy.compactMap { $0 as? SearchCoordinator }.first }
    public var favorites: FavoritesCoordinator? { childCoordinators.lazy.compactMap { $0 as? FavoritesCoordinator }.first }
    public var whatsNew: WhatsNewCoordinator? { childCoordinators.lazy.compactMap { $0 as? WhatsNewCoordinator }.first }
    public var detail: DetailCoordinator? { childCoordinators.lazy.compactMap { $0 as? DetailCoordinator }.first }
    public var repositoryDetail: RepositoryDetailCoordinator? { childCoordinators.lazy.compactMap { $0 as? RepositoryDetailCoordinator }.first }
    /// Your Profile, while the detail pane shows it.
    public private(set) var yourProfile: YourProfileViewModel?

    /// The person in the detail pane: anyone's detail, or yours in Your Profile (what Ctrl+D and
    /// Ctrl+O act on).
    public var shownPerson: PersonDetailViewModel? { detail?.viewModel ?? yourProfile?.detail }
    /// Whether the detail pane shows someone or a repository (not a placeholder).
    public var isShowingDetail: Bool { detail != nil || repositoryDetail != nil || yourProfile != nil }
    public var signIn: SignInCoordinator? { childCoordinators.lazy.compactMap { $0 as? SignInCoordinator }.first }
    /// What to do again once the user has signed in (the interrupted search, page or profile).
    private var retriesAfterSignIn: [@MainActor () -> Void] = []
    /// The login whose stars were last brought in from GitHub: a sign-in as someone else syncs.
    private var syncedLogin: String?

    public func start() { start(announcingProblems: true) }

    /// `announcingProblems`: false when the app only switched to another server (Preferences),
    /// so an unusable favorites file, already announced, is not announced again.
    public func start(announcingProblems: Bool) {
        startChild(SearchCoordinator(dependencies: dependencies, navigator: navigator, onSelect: { [weak self] in self?.showDetail(for: $0) },
                                     onSelectRepository: { [weak self] in self?.showRepositoryDetail(for: $0) },
                                     onSignInRequired: { [weak self] in self?.signInRequired(retry: $0) }))
        startChild(FavoritesCoordinator(dependencies: dependencies, navigator: navigator, onSelect: { [weak self] in self?.showDetail(for: $0) },
                                        onSelectRepository: { [weak self] in self?.showRepositoryDetail(for: $0) }))
        startChild(WhatsNewCoordinator(dependencies: dependencies, navigator: navigator, onSelectRepository: { [weak self] in self?.showRepositoryDetail(for: $0, releaseTag: $1) }))
        navigator.show(tab: .search)
        navigator.showDetailPlaceholder()
        navigator.showStarSync(dependencies.starSync)
        let starSync = dependencies.starSync
        starSync.onSignInRequired = { [weak self] in self?.signInRequired(retry: { Task { await starSync.send() } }) }
        if announcingProblems, let error = dependencies.favoritesError {
            navigator.showAlert(Alert(title: tr("Favorites Are Not Saved"),
                                            // TRANSLATORS: {reason} is a whole sentence saying what went wrong.
                                            message: tr("{reason} Favorites starred now last until you quit.", ["reason": error.localizedDescription])))
        }
        let authenticator = dependencies.authenticator
        showAccount()
        Task { [weak self] in
            await authenticator.restore()
            self?.showAccount()
        }
    }

    /// Ends every flow (the app switches to another server and starts a new coordinator).
    public func stop() {
        retriesAfterSignIn = []
        if signIn != nil { navigator.dismissSignIn() }
        let children = childCoordinators
        childCoordinators = []
        for child in children {
            child.delegate = nil
            child.finish()
        }
    }

    // MARK: Signing in

    /// Tells the UI who is signed in now (header bar, Sign In…/Sign Out in the menu), and brings
    /// in GitHub's stars the first time an account is known (at start, after a sign-in).
    private func showAccount() {
        let account = dependencies.authenticator.account
        navigator.showAccount(account, canSignOut: dependencies.authenticator.canSignOut)
        let followed = dependencies.followed
        guard let login = account?.login else {
            if account == nil {
                syncedLogin = nil
                Task { await followed.synchronize() }  // signed out: no badges
            }
            return
        }
        guard syncedLogin != login else { return }
        syncedLogin = login
        refreshAccount()
    }

    /// Refresh: GitHub's stars again (and the outbox sent), and whom you follow, when signed in.
    public func refreshAccount() {
        let starSync = dependencies.starSync
        let followed = dependencies.followed
        Task { await starSync.synchronize() }
        Task { await followed.synchronize() }
    }

    /// Opens the Sign In dialog (once, however many screens ask); `retry` runs after success.
    public func startSignIn(reason: String? = nil, retry: (@MainActor () -> Void)? = nil) {
        if let retry { retriesAfterSignIn.append(retry) }
        guard signIn == nil else { return }
        startChild(SignInCoordinator(dependencies: dependencies, navigator: navigator, reason: reason) { [weak self] in self?.openInBrowser($0) })
    }

    /// A 401 somewhere: the token is dropped, sign-in opens, and `retry` runs afterwards.
    func signInRequired(retry: @escaping @MainActor () -> Void) {
        let authenticator = dependencies.authenticator
        let hadAccount = authenticator.account != nil
        startSignIn(reason: hadAccount ? tr("GitHub no longer accepts your sign-in (the token was revoked or has expired). Sign in again to continue.") : tr("GitHub asks you to sign in to continue."), retry: retry)
        Task { [weak self] in
            await authenticator.tokenRejected()
            self?.showAccount()
        }
    }

    /// Forgets the token, in the keyring too.
    public func signOut() {
        let authenticator = dependencies.authenticator
        Task { [weak self] in
            await authenticator.signOut()
            self?.showAccount()
        }
    }

    /// The Search tab on `scope` with `query` searched at once (a recent search picked in
    /// GNOME Shell).
    public func searchAgain(_ query: String, in scope: SearchScope) {
        navigator.show(tab: .search)
        search?.tabViewModel?.send(.scopeChanged(scope))
        search?.tabViewModel?.send(.searchRecent(query))
    }

    /// People searched for `query` (the command line's `--search`, GNOME Shell's "search in the
    /// app", the query carried over to another server).
    public func showSearchResults(for query: String) {
        guard let people = search?.viewModel else { return }
        people.send(.queryChanged(query))
        people.send(.submit)
    }

    /// The text in the search entry.
    public var query: String { search?.viewModel?.state.query ?? "" }

    /// "Add everyone you follow to Favorites": Favorites › People comes forward with the import's
    /// progress above it (cancellable there), and a toast sums up what was added. A 401 opens
    /// sign-in and runs it again after.
    public func importFollowing() {
        guard dependencies.authenticator.account != nil else {
            startSignIn(reason: tr("Sign in to add everyone you follow to Favorites"), retry: { [weak self] in self?.importFollowing() })
            return
        }
        navigator.show(tab: .favorites)
        favorites?.tabViewModel?.send(.scopeChanged(.people))
        dependencies.followingImport.start { [weak self] outcome in
            guard let self else { return }
            if case .failed(_, .signInRequired) = outcome {
                signInRequired { [weak self] in self?.importFollowing() }
                return
            }
            if case .failed = outcome {
                navigator.showToast(.retry(outcome.message) { [weak self] in self?.importFollowing() })
            } else {
                navigator.showToast(Toast(message: outcome.message))
            }
        }
    }

    /// Export Favorites…: every favorite of this server written to `url` (JSON, or CSV for a
    /// `.csv` name); a toast says how many, an alert why not.
    public func exportFavorites(to url: URL) {
        let files = dependencies.favoritesFiles
        Task { [weak self] in self?.present(await files.export(to: url)) }
    }

    /// Import Favorites…: the file at `url` merged in (all or nothing), then a toast saying what
    /// was added, updated and already there, or an alert saying why nothing was. Repositories
    /// new here are offered for starring on GitHub by the sync that follows, signed in.
    public func importFavorites(from url: URL) {
        let files = dependencies.favoritesFiles
        let starSync = dependencies.starSync
        Task { [weak self] in
            let (outcome, summary) = await files.import(from: url)
            self?.present(outcome)
            if let summary, summary.repositories.added > 0 { await starSync.synchronize() }
        }
    }

    /// What the save dialog of Export Favorites… suggests.
    var suggestedFavoritesFileName: String { dependencies.favoritesFiles.suggestedName() }

    private func present(_ outcome: FavoritesFiles.Outcome) {
        switch outcome {
        case .done(let message): navigator.showToast(Toast(message: message))
        case .failed(let alert): navigator.showAlert(alert)
        }
    }

    /// Your Profile (the header's avatar) in the detail pane: the account's profile, fetched
    /// first (it gives the id favorites need), then its lists as their tabs are shown.
    public func showYourProfile() {
        let dependencies = dependencies
        Task { [weak self] in
            guard let login = await dependencies.starSync.signedInLogin() else { return }
            switch await Result(catching: { () async throws(GitHubError) in try await dependencies.api.user(login: login) }) {
            case .success(let profile):
                self?.presentYourProfile(profile)
            case .failure(.unauthorized):
                self?.signInRequired { self?.showYourProfile() }
            case .failure(let error):
                self?.navigator.showToast(Toast(message: error.localizedDescription))
            }
        }
    }

    private func presentYourProfile(_ profile: UserProfile) {
        detail?.finish()
        repositoryDetail?.finish()
        let toast: @MainActor (String) -> Void = { [weak navigator] in navigator?.showToast(Toast(message: $0)) }
        let viewModel = dependencies.makeYourProfileViewModel(
            profile: profile,
            detailActions: .init(openURL: { [weak self] in self?.openInBrowser($0) }, showError: toast,
                                 signInRequired: { [weak self] in self?.signInRequired(retry: $0) },
                                 showRepository: { [weak self] in self?.showRepositoryDetail(for: $0) }),
            showPerson: { [weak self] in self?.showDetail(for: $0) }, showRepository: { [weak self] in self?.showRepositoryDetail(for: $0) },
            showError: toast)
        yourProfile = viewModel
        navigator.showYourProfile(viewModel)
        viewModel.detail.send(.load)
    }

    /// Shows `user` in the detail pane, replacing whoever was there.
    public func showDetail(for user: User) {
        yourProfile = nil
        if let current = detail {
            guard current.user.id != user.id else { return }
            current.finish()
        }
        repositoryDetail?.finish()
        startChild(DetailCoordinator(user: user, dependencies: dependencies, navigator: navigator, openURL: { [weak self] in self?.openInBrowser($0) },
                                     onSignInRequired: { [weak self] in self?.signInRequired(retry: $0) },
                                     onSelectRepository: { [weak self] in self?.showRepositoryDetail(for: $0) }))
    }

    /// Shows `repository` in the detail pane, replacing whatever was there.
    public func showRepositoryDetail(for repository: Repository, releaseTag: String? = nil) {
        yourProfile = nil
        if let current = repositoryDetail {
            guard current.repository.id != repository.id || current.releaseTag != releaseTag else { return }
            current.finish()
        }
        detail?.finish()
        let actions = RepositoryDetailViewModel.Actions(
            openURL: { [weak self] in self?.openInBrowser($0) },
            showError: { [weak navigator] in navigator?.showToast(Toast(message: $0)) },
            showOwner: { [weak self] in self?.showDetail(for: $0) },
            showRepository: { [weak self] in self?.showRepositoryDetail(for: $0) },
            signInRequired: { [weak self] in self?.signInRequired(retry: $0) }
        )
        startChild(RepositoryDetailCoordinator(repository: repository, releaseTag: releaseTag, dependencies: dependencies, navigator: navigator, actions: actions))
    }

    /// Refresh (F5, Ctrl+R): the search on screen runs again, the detail shown is revalidated
    /// (conditional requests: what has not changed costs no quota), and GitHub's stars are synced
    /// when signed in. `list` is the tab whose list is on screen; nil when a narrow window shows
    /// only the detail.
    public func refresh(list: AppTab?) {
        if list == .search { search?.tabViewModel?.send(.refresh) }
        if list == .whatsNew { whatsNew?.viewModel?.send(.refresh) }
        detail?.viewModel?.send(.refresh)
        repositoryDetail?.viewModel?.send(.refresh)
        yourProfile?.send(.refresh)
        refreshAccount()
    }

    /// A notification of What's New was clicked: the tab, and the entry it names opened (nil:
    /// several were announced at once, the tab shows them).
    public func openNews(entryID: String?) {
        navigator.show(tab: .whatsNew)
        if let entryID { whatsNew?.viewModel?.send(.open(id: entryID)) } else { whatsNew?.viewModel?.send(.appear) }
    }

    /// Back to "Select a User" (narrow windows' Back button).
    public func closeDetail() {
        yourProfile = nil
        detail?.finish()
        repositoryDetail?.finish()
        navigator.showDetailPlaceholder()
    }

    /// Opens `url` in the browser: only http(s), anything else is refused and said so.
    public func openInBrowser(_ url: URL) {
        guard let safe = BrowserURL.validated(url) else {
            logger.warning("refused to open a non-web URL", metadata: ["scheme": "\(url.scheme ?? "none")"])
            navigator.showAlert(Alert(title: tr("Link Not Opened"), message: tr("Only web links (http and https) are opened.")))
            return
        }
        Task { [urlOpener, navigator] in
            if let problem = await urlOpener.open(safe) {
                navigator.showToast(Toast(message: tr("Could not open the browser: {reason}", ["reason": problem])))
            }
        }
    }

    // MARK: Actions

    /// Carries out an action of `AppActions` (its keys, the primary menu, the header bar);
    /// `parameter` is a stateful action's value.
    public func perform(_ intent: AppIntent, parameter: String? = nil) {
        switch intent {
        case .focusSearch:
            navigator.show(tab: .search)
            navigator.focusSearchEntry()
        case .showTab(let tab):
            navigator.show(tab: tab)
            if tab == .favorites { navigator.focusFavoritesFilter() }
        case .showScope(let scope):
            if navigator.currentTab == .favorites {
                favorites?.tabViewModel?.send(.scopeChanged(scope))
            } else {
                search?.tabViewModel?.send(.scopeChanged(scope))
            }
        case .toggleStar:
            shownPerson?.send(.toggleFavorite)
            repositoryDetail?.viewModel?.send(.toggleFavorite)
        case .openInBrowser:
            shownPerson?.send(.openInBrowser)
            repositoryDetail?.viewModel?.send(.openInBrowser)
        case .refresh: refresh(list: navigator.listOnScreen)
        case .showShortcuts: navigator.showShortcuts()
        case .showPreferences: navigator.showPreferences()
        case .showAbout: navigator.showAbout()
        // The application quits itself, window or not (`GitHubFinderApplication`).
        case .quit: assertionFailure("quit is the application's, not the window's")
        case .signIn: startSignIn()
        case .signOut: signOut()
        case .importFollowing: importFollowing()
        case .exportFavorites:
            navigator.chooseExportFile(suggestedName: suggestedFavoritesFileName) { [weak self] in self?.exportFavorites(to: $0) }
        case .importFavorites:
            navigator.chooseImportFile { [weak self] in self?.importFavorites(from: $0) }
        case .useStyle:
            if let scheme = parameter.flatMap(ColorSchemePreference.init(rawValue:)) { navigator.useStyle(scheme) }
        }
    }

    public func coordinatorDidFinish(_ coordinator: any Coordinator) {
        removeChild(coordinator)
        guard let signIn = coordinator as? SignInCoordinator else { return }
        showAccount()
        let retries = retriesAfterSignIn
        retriesAfterSignIn = []
        if signIn.didSignIn { retries.forEach { $0() } }
    }
}
