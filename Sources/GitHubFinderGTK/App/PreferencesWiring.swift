import Foundation
import GitHubFinderCore

/// The Preferences window wired to the running session: what it shows and what its buttons do go
/// through the services, window and coordinator in use at the time (a server switch replaces
/// them while the window stays open).
@MainActor
enum PreferencesWiring {
    /// The session as it is now; each is nil once gone.
    struct Session {
        var dependencies: @MainActor () -> AppDependencies?
        var window: @MainActor () -> MainWindow?
        var coordinator: @MainActor () -> AppCoordinator?
        /// Preferences chose another server: the session starts again there.
        var switchServer: @MainActor () -> Void
        /// What's New's settings changed: the checker and the background service follow.
        var newsSettingsChanged: @MainActor (NewsSettings) -> Void
    }

    /// `commandLineServer`: `--api-url`, which overrides the server Preferences names.
    static func makeView(store: PreferencesStore, commandLineServer: URL?, session: Session) -> PreferencesView {
        let configuration = GitHubConfiguration.fromEnvironment(baseURL: commandLineServer, preferred: store.load().apiURL)
        let model = PreferencesViewModel(
            store: store, serverInUse: configuration.baseURL,
            serverOverride: GitHubConfiguration.override(commandLine: commandLineServer),
            clientIDOverride: OAuthConfiguration.override(),
            actions: .init(
                checkServer: { await ServerAddress.check($0) },
                useServer: { _ in session.switchServer() },
                useOAuthClientID: { session.dependencies()?.useOAuthClientID($0) },
                cachedByteCount: { (session.dependencies()?.api.cachedByteCount ?? 0) + (session.window()?.avatars.byteCount ?? 0) },
                clearCache: {
                    session.dependencies()?.api.clearCache()
                    session.window()?.avatars.removeAll()
                },
                account: {
                    guard let authenticator = session.dependencies()?.authenticator else { return (nil, false) }
                    return (authenticator.account, authenticator.canSignOut)
                },
                signIn: {
                    session.window()?.hidePreferences()
                    session.coordinator()?.startSignIn()
                },
                signOut: { session.coordinator()?.signOut() },
                searchHistoryCount: { (try? session.dependencies()?.searchHistoryCount()) ?? 0 },
                clearSearchHistory: {
                    do { try session.dependencies()?.clearSearchHistory() } catch { session.window()?.showToast(Toast(message: error.localizedDescription)) }
                }))
        let news = NewsPreferencesViewModel(store: store, apply: { session.newsSettingsChanged($0) },
                                            setAutostart: { try NewsAutostart.set($0, executable: RunningExecutable.url.path) })
        return PreferencesView(viewModel: model, news: news) { question, confirmed in
            guard let parent = session.window()?.preferencesView?.window else { return }
            Dialogs.confirm(parent: parent.cast(), question, confirmed: confirmed)
        }
    }
}
