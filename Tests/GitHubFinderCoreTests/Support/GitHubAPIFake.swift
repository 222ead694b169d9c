import Foundation
import Synchronization
import Testing
@testable import GitHubFinderCore

/// A scripted `GitHubAPI` for view-model unit tests: each endpoint is a closure a test sets.
/// An endpoint a test did not set fails the test at the call (`Issue.record`), as isowords'
/// failing test values do, rather than answering with an error the code under test might show
/// and a test take for the path it meant. Calls are recorded.
final class GitHubAPIFake: GitHubAPI, @unchecked Sendable {
    let rateLimits = RateLimitMonitor()
    let credentials = Credentials()
    var accounts: @Sendable (String) async throws(GitHubError) -> UserProfile = { _ throws(GitHubError) in throw .unauthorized(message: "Bad credentials") }
    private let lock = NSLock()
    private var _calls: [String] = []
    var calls: [String] { lock.withLock { _calls } }

    var search: @Sendable (UserSearchRequest) async throws(GitHubError) -> UserSearchPage = { _ throws(GitHubError) in throw GitHubAPIFake.unscripted("searchUsers") }
    var nextPage: @Sendable (URL) async throws(GitHubError) -> UserSearchPage = { _ throws(GitHubError) in throw GitHubAPIFake.unscripted("searchUsers(page:)") }
    var profile: @Sendable (String) async throws(GitHubError) -> UserProfile = { _ throws(GitHubError) in throw GitHubAPIFake.unscripted("user(login:)") }
    var cached: @Sendable (String) -> UserProfile? = { _ in nil }
    var repositories: @Sendable (String) async throws(GitHubError) -> Page<Repository> = { _ in Page(items: [], next: nil) }

    private func record(_ call: String) { lock.withLock { _calls.append(call) } }

    /// Fails the running test: the code under test called an endpoint the test did not script.
    /// What is thrown (`.cancelled`) is what every caller already lets pass without a word.
    static func unscripted(_ endpoint: String, sourceLocation: SourceLocation = #_sourceLocation) -> GitHubError {
        Issue.record("GitHubAPIFake: \(endpoint) was called but the test did not script it", sourceLocation: sourceLocation)
        return .cancelled
    }

    func searchUsers(_ request: UserSearchRequest) async throws(GitHubError) -> UserSearchPage {
        record("search \(request.query.text) sort=\(request.sort.rawValue)")
        return try await search(request)
    }

    func searchUsers(page: URL) async throws(GitHubError) -> UserSearchPage {
        record("page \(page.absoluteString)")
        return try await nextPage(page)
    }

    var repositorySearch: @Sendable (RepositorySearchRequest) async throws(GitHubError) -> RepositorySearchPage = { _ throws(GitHubError) in throw GitHubAPIFake.unscripted("searchRepositories") }

    func searchRepositories(_ request: RepositorySearchRequest) async throws(GitHubError) -> RepositorySearchPage {
        record("repository search \(request.query.text)")
        return try await repositorySearch(request)
    }

    var repositoryNextPage: @Sendable (URL) async throws(GitHubError) -> RepositorySearchPage = { _ throws(GitHubError) in throw GitHubAPIFake.unscripted("searchRepositories(page:)") }

    func searchRepositories(page: URL) async throws(GitHubError) -> RepositorySearchPage {
        record("repository page \(page.absoluteString)")
        return try await repositoryNextPage(page)
    }

    var repositoryPage: @Sendable (String, String) async throws(GitHubError) -> RepositoryDetails = { _, _ throws(GitHubError) in throw GitHubAPIFake.unscripted("repository") }

    func repository(owner: String, name: String) async throws(GitHubError) -> RepositoryDetails {
        record("repository \(owner)/\(name)")
        return try await repositoryPage(owner, name)
    }

    func languages(owner: String, name: String) async throws(GitHubError) -> [LanguageShare] {
        record("languages \(owner)/\(name)")
        return []
    }

    var readmeText: @Sendable (String, String) async throws(GitHubError) -> String? = { _, _ throws(GitHubError) in throw GitHubAPIFake.unscripted("readme") }

    func readme(owner: String, name: String) async throws(GitHubError) -> String? {
        record("readme \(owner)/\(name)")
        return try await readmeText(owner, name)
    }

    var releases: @Sendable (String, String, String?) async throws(GitHubError) -> Revalidated<[Release]> = { _, _, _ throws(GitHubError) in throw GitHubAPIFake.unscripted("recentReleases") }

    func recentReleases(owner: String, name: String, etag: String?) async throws(GitHubError) -> Revalidated<[Release]> {
        record("releases \(owner)/\(name)")
        return try await releases(owner, name, etag)
    }

    var createdRepositories: @Sendable (String, String?) async throws(GitHubError) -> Revalidated<[CreatedRepository]> = { _, _ throws(GitHubError) in throw GitHubAPIFake.unscripted("recentRepositories") }

    func recentRepositories(login: String, etag: String?) async throws(GitHubError) -> Revalidated<[CreatedRepository]> {
        record("created repositories \(login)")
        return try await createdRepositories(login, etag)
    }

    var release: @Sendable (String, String) async throws(GitHubError) -> Release? = { _, _ throws(GitHubError) in throw GitHubAPIFake.unscripted("latestRelease") }

    func latestRelease(owner: String, name: String) async throws(GitHubError) -> Release? {
        record("latest release \(owner)/\(name)")
        return try await release(owner, name)
    }

    var taggedRelease: @Sendable (String, String, String) async throws(GitHubError) -> Release? = { _, _, _ throws(GitHubError) in throw GitHubAPIFake.unscripted("release(tag:)") }

    func release(owner: String, name: String, tag: String) async throws(GitHubError) -> Release? {
        record("release \(owner)/\(name) \(tag)")
        return try await taggedRelease(owner, name, tag)
    }

    var image: @Sendable (URL) async throws(GitHubError) -> Data = { _ throws(GitHubError) in throw GitHubAPIFake.unscripted("readmeImage") }

    func readmeImage(_ url: URL, mayFollow: @escaping @Sendable (URL) -> Bool) async throws(GitHubError) -> Data {
        record("image \(url.absoluteString)")
        return try await image(url)
    }

    func user(login: String) async throws(GitHubError) -> UserProfile {
        record("user \(login)")
        return try await profile(login)
    }

    func cachedUser(login: String) -> UserProfile? { cached(login) }

    func repositories(login: String) async throws(GitHubError) -> Page<Repository> {
        record("repos \(login)")
        return try await repositories(login)
    }

    func repositories(page: URL) async throws(GitHubError) -> Page<Repository> { Page(items: [], next: nil) }

    var starChange: @Sendable (String) async throws(GitHubError) -> Void = { _ throws(GitHubError) in throw GitHubAPIFake.unscripted("star changes") }
    var starred: @Sendable (URL?) async throws(GitHubError) -> Page<StarredRepository> = { _ throws(GitHubError) in throw GitHubAPIFake.unscripted("starredRepositories") }

    func starRepository(owner: String, name: String) async throws(GitHubError) {
        record("star \(owner)/\(name)")
        try await starChange("star \(owner)/\(name)")
    }

    func unstarRepository(owner: String, name: String) async throws(GitHubError) {
        record("unstar \(owner)/\(name)")
        try await starChange("unstar \(owner)/\(name)")
    }

    func starredRepositories() async throws(GitHubError) -> Page<StarredRepository> {
        record("starred")
        return try await starred(nil)
    }

    func starredRepositories(page: URL) async throws(GitHubError) -> Page<StarredRepository> {
        record("starred \(page.absoluteString)")
        return try await starred(page)
    }

    var followed: @Sendable (String) async throws(GitHubError) -> Bool = { _ throws(GitHubError) in throw GitHubAPIFake.unscripted("isFollowing") }
    var followChange: @Sendable (String, Bool) async throws(GitHubError) -> Void = { _, _ throws(GitHubError) in throw GitHubAPIFake.unscripted("follow") }
    var networkPage: @Sendable (FollowDirection) async throws(GitHubError) -> Page<User> = { _ throws(GitHubError) in throw GitHubAPIFake.unscripted("network") }
    var usersPage: @Sendable (URL) async throws(GitHubError) -> Page<User> = { _ throws(GitHubError) in throw GitHubAPIFake.unscripted("users(page:)") }
    var ownRepositories: @Sendable () async throws(GitHubError) -> Page<Repository> = { () throws(GitHubError) in throw GitHubAPIFake.unscripted("yourRepositories") }

    func isFollowing(login: String) async throws(GitHubError) -> Bool {
        record("is following \(login)")
        return try await followed(login)
    }

    func follow(login: String) async throws(GitHubError) {
        record("follow \(login)")
        try await followChange(login, true)
    }

    func unfollow(login: String) async throws(GitHubError) {
        record("unfollow \(login)")
        try await followChange(login, false)
    }

    func network(_ direction: FollowDirection) async throws(GitHubError) -> Page<User> {
        record("network \(direction.rawValue)")
        return try await networkPage(direction)
    }

    func yourRepositories() async throws(GitHubError) -> Page<Repository> {
        record("your repositories")
        return try await ownRepositories()
    }

    func users(page: URL) async throws(GitHubError) -> Page<User> {
        record("users page \(page.absoluteString)")
        return try await usersPage(page)
    }

    func avatar(_ url: URL, pixelSize: Int) async throws(GitHubError) -> Data { Data() }
    func rateLimitStatus() async throws(GitHubError) -> [RateLimit] { [] }
    var cachedByteCount: Int { 0 }
    func clearCache() {}
    func authenticatedUser(token: String) async throws(GitHubError) -> UserProfile {
        record("user (token)")
        return try await accounts(token)
    }
}

/// Records what coordinators asked the UI to do.
@MainActor
final class NavigatorSpy: Navigator {
    var searchTabViewModel: SearchTabViewModel?
    var searchViewModel: PeopleSearchViewModel? { searchTabViewModel?.people }
    var favoritesTabViewModel: FavoritesTabViewModel?
    var whatsNewViewModel: WhatsNewViewModel?
    var starSync: StarSync?
    var favoritesViewModel: PeopleFavoritesViewModel? { favoritesTabViewModel?.people }
    var detailViewModels: [PersonDetailViewModel] = []
    var tabs: [AppTab] = []
    var placeholders = 0
    var toasts: [String] = []
    var alerts: [Alert] = []
    var signInViewModel: SignInViewModel?
    var signInDismissals = 0
    var accounts: [String?] = []

    func showSearch(_ viewModel: SearchTabViewModel) { searchTabViewModel = viewModel }
    var repositoryDetailViewModel: RepositoryDetailViewModel?
    func showRepositoryDetail(_ viewModel: RepositoryDetailViewModel) { repositoryDetailViewModel = viewModel }
    var yourProfileViewModel: YourProfileViewModel?
    func showYourProfile(_ viewModel: YourProfileViewModel) { yourProfileViewModel = viewModel }
    func showFavorites(_ viewModel: FavoritesTabViewModel) { favoritesTabViewModel = viewModel }
    func showWhatsNew(_ viewModel: WhatsNewViewModel) { whatsNewViewModel = viewModel }
    func showStarSync(_ starSync: StarSync) { self.starSync = starSync }
    func show(tab: AppTab) { tabs.append(tab) }
    func showDetail(_ viewModel: PersonDetailViewModel) { detailViewModels.append(viewModel) }
    func showDetailPlaceholder() { placeholders += 1 }
    func showToast(_ toast: Toast) { toasts.append(toast.message) }
    func showAlert(_ alert: Alert) { alerts.append(alert) }
    func showSignIn(_ viewModel: SignInViewModel) { signInViewModel = viewModel }
    func dismissSignIn() { signInDismissals += 1; signInViewModel = nil }
    func showAccount(_ account: Authenticator.Account?, canSignOut: Bool) { accounts.append(account?.login ?? account.map { _ in "?" }) }

    /// The window-only things actions asked for, in order ("focus search", "style dark"…).
    var requests: [String] = []
    var currentTab: AppTab { tabs.last ?? .search }
    var listOnScreen: AppTab? = .search
    /// What the file choosers answer (nil: the user cancelled).
    var chosenFile: URL?
    func focusSearchEntry() { requests.append("focus search") }
    func focusFavoritesFilter() { requests.append("focus filter") }
    func showShortcuts() { requests.append("shortcuts") }
    func showPreferences() { requests.append("preferences") }
    func showAbout() { requests.append("about") }
    func chooseExportFile(suggestedName: String, chosen: @escaping @MainActor (URL) -> Void) {
        requests.append("export to? \(suggestedName)")
        if let chosenFile { chosen(chosenFile) }
    }
    func chooseImportFile(chosen: @escaping @MainActor (URL) -> Void) {
        requests.append("import from?")
        if let chosenFile { chosen(chosenFile) }
    }
    func useStyle(_ scheme: ColorSchemePreference) { requests.append("style \(scheme.rawValue)") }
}

/// Records the URLs it was asked to open; answers with `failure` (nil: success).
@MainActor
final class URLOpenerSpy: URLOpener {
    var opened: [URL] = []
    var failure: String?

    func open(_ url: URL) async -> String? {
        opened.append(url)
        return failure
    }
}
