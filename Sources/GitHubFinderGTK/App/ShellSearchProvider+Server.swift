import Foundation
import GitHubFinderCore

extension ShellSearchProvider {
    /// The provider for the server in use (the command line's, else Preferences', read at each
    /// search), answering from that server's favorites file and, when Preferences allows, from
    /// GitHub; nil when it could not be exported.
    static func export(server apiURL: URL?, ownThread: Bool, actions: Actions) -> ShellSearchProvider? {
        let server: @Sendable () -> URL = { GitHubConfiguration.fromEnvironment(baseURL: apiURL, preferred: PreferencesStore().load().apiURL).baseURL }
        let github = ShellGitHubSearch(server: server, makeAPI: { url in
            var configuration = GitHubConfiguration.fromEnvironment(baseURL: url)
            configuration.timeout = 5
            return GitHubClient(configuration: configuration)
        })
        let search = ShellSearch(file: { FavoritesLocation.file(for: server(), in: FavoritesLocation.defaultFolder()) }, avatarFolder: AvatarFiles.folder(),
                                 github: github, asksGitHub: { PreferencesStore().load().shellSearchAsksGitHub })
        let provider = ShellSearchProvider(search: search, actions: actions)
        return provider.start(ownThread: ownThread) ? provider : nil
    }
}
