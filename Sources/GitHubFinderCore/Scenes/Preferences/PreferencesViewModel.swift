import Foundation
import Observation

/// The Preferences window beyond the style: which GitHub the app talks to (github.com and the
/// Enterprise servers added, each checked before it is first used, switched at once, each with
/// its own favorites and sign-in), the OAuth app for signing in with a browser, the cache and the
/// account.
@MainActor @Observable
public final class PreferencesViewModel {
    public struct Actions {
        /// Asks the server whether it is a GitHub API: nil when it is, else why not.
        public var checkServer: @MainActor (URL) async -> SettingProblem?
        /// Switches the app to the API at `url` (nil: github.com) without a restart.
        public var useServer: @MainActor (URL?) -> Void
        public var useOAuthClientID: @MainActor (String?) -> Void
        public var cachedByteCount: @MainActor () -> Int
        public var clearCache: @MainActor () -> Void
        /// Who is signed in now (read while rendering, so a change renders again).
        public var account: @MainActor () -> (account: Authenticator.Account?, canSignOut: Bool)
        public var signIn: @MainActor () -> Void
        public var signOut: @MainActor () -> Void
        /// How many recent searches are kept, and forgetting them (this server's).
        public var searchHistoryCount: @MainActor () -> Int
        public var clearSearchHistory: @MainActor () -> Void

        public init(checkServer: @escaping @MainActor (URL) async -> SettingProblem?, useServer: @escaping @MainActor (URL?) -> Void,
                    useOAuthClientID: @escaping @MainActor (String?) -> Void, cachedByteCount: @escaping @MainActor () -> Int,
                    clearCache: @escaping @MainActor () -> Void, account: @escaping @MainActor () -> (account: Authenticator.Account?, canSignOut: Bool),
                    signIn: @escaping @MainActor () -> Void, signOut: @escaping @MainActor () -> Void,
                    searchHistoryCount: @escaping @MainActor () -> Int = { 0 }, clearSearchHistory: @escaping @MainActor () -> Void = {}) {
            self.searchHistoryCount = searchHistoryCount
            self.clearSearchHistory = clearSearchHistory
            self.checkServer = checkServer
            self.useServer = useServer
            self.useOAuthClientID = useOAuthClientID
            self.cachedByteCount = cachedByteCount
            self.clearCache = clearCache
            self.account = account
            self.signIn = signIn
            self.signOut = signOut
        }
    }

    public enum Input: Equatable {
        /// The window is shown again: the cache's size and the account as they are now.
        case refresh
        /// The address typed to add a server.
        case editServer(String)
        /// Adds the server typed (once it has answered as a GitHub API) and uses it.
        case applyServer
        /// Uses a listed server (github.com's address included).
        case chooseServer(URL)
        /// Takes an Enterprise server off the list; its favorites stay on disk for when it is
        /// added again. The one in use gives way to github.com.
        case removeServer(URL)
        case editClientID(String)
        case applyClientID
        case clearCache
        /// Clear Search History: the recent searches of both scopes forgotten.
        case clearSearchHistory
        /// GNOME Shell Search › Also Search GitHub turned on or off.
        case setShellSearchAsksGitHub(Bool)
        case signIn
        /// Sign Out, confirmed.
        case signOut
    }

    /// What an entry row (a server's address to add, the client ID) and the note of its group show.
    public struct Field: Equatable, Sendable {
        public var text: String
        /// The group's description: what is in use, what is being checked, or what is wrong.
        public var note: String
        public var isError = false
        public var isChecking = false
        /// False when the command line or the environment decides for this run.
        public var isEditable = true
    }

    /// One server of the list: github.com first, then the Enterprise servers in the order added.
    public struct ServerRow: Equatable, Sendable, Identifiable {
        public var url: URL
        /// "GitHub.com", or the server's host (and port).
        public var title: String
        /// Its API address.
        public var subtitle: String
        public var isInUse: Bool
        /// Enterprise servers can be removed; github.com cannot.
        public var canRemove: Bool
        public var id: URL { url }
    }

    public enum AccountButton: Equatable, Sendable { case signIn, signOut, none }

    /// The entry that adds a server, and the server group's note.
    public private(set) var server: Field
    public private(set) var servers: [ServerRow] = []
    public private(set) var clientID: Field
    private var cacheBytes = 0
    private var historyCount = 0
    /// GNOME Shell's search asks GitHub too (saved at once; the provider reads it at each search).
    public private(set) var shellSearchAsksGitHub = false

    @ObservationIgnored private let store: PreferencesStore
    @ObservationIgnored private let actions: Actions
    @ObservationIgnored private var serverInUse: URL
    @ObservationIgnored private let serverOverride: String?
    @ObservationIgnored private var check: Task<Void, Never>?

    /// `serverInUse`: the API the app uses now. `serverOverride` / `clientIDOverride`: what decides
    /// them for this run ("--api-url", "GITHUB_API_URL"…), when not the user's choice.
    public init(store: PreferencesStore, serverInUse: URL, serverOverride: String?, clientIDOverride: String?, actions: Actions) {
        self.store = store
        self.actions = actions
        self.serverInUse = serverInUse
        self.serverOverride = serverOverride
        let saved = store.load()
        server = Field(text: "", note: "")
        clientID = Field(text: saved.oauthClientID ?? "", note: PreferencesTexts.clientIDNote(override: clientIDOverride, saved: saved.oauthClientID), isEditable: clientIDOverride == nil)
        server = settledServer()
        servers = listedServers(saved.servers)
        cacheBytes = actions.cachedByteCount()
        historyCount = actions.searchHistoryCount()
        shellSearchAsksGitHub = saved.shellSearchAsksGitHub
    }

    // MARK: What the window shows

    public var cacheSummary: String {
        cacheBytes == 0 ? tr("Nothing is cached") : tr("{size} kept until you quit", ["size": NumberText.byteCount(cacheBytes)])
    }

    public var canClearCache: Bool { cacheBytes > 0 }

    /// "12 recent searches kept", or none.
    public var historySummary: String {
        historyCount == 0 ? tr("No recent searches are kept")
            : trn("{count} recent search kept", "{count} recent searches kept", historyCount, ["count": NumberText.integer(historyCount)])
    }

    public var canClearHistory: Bool { historyCount > 0 }

    public var accountTitle: String { AccountSummary.text(actions.account().account) }

    public var accountNote: String { PreferencesTexts.accountNote(actions.account().account?.source) }

    public var accountButton: AccountButton {
        let (account, canSignOut) = actions.account()
        return account == nil ? .signIn : canSignOut ? .signOut : .none
    }

    // MARK: What the user does

    public func send(_ input: Input) {
        switch input {
        case .refresh:
            cacheBytes = actions.cachedByteCount()
            historyCount = actions.searchHistoryCount()
        case .editServer(let text):
            check?.cancel()
            server.text = text
            server.isChecking = false
            if case .failure(let problem) = ServerAddress.parse(text), !text.isEmpty {
                server.note = problem.message
                server.isError = true
            } else {
                server = settledServer(text: text)
            }
        case .applyServer:
            applyServer()
        case .chooseServer(let url):
            guard server.isEditable, !isInUse(url), servers.contains(where: { $0.url == url }) else { return }
            check?.cancel()
            use(server: url, text: server.isChecking ? "" : server.text)
        case .removeServer(let url):
            remove(server: url)
        case .editClientID(let text):
            clientID.text = text
            clientID.isError = false
            clientID.note = PreferencesTexts.clientIDNote(override: nil, saved: nil)
        case .applyClientID:
            applyClientID()
        case .clearCache:
            actions.clearCache()
            cacheBytes = actions.cachedByteCount()
        case .clearSearchHistory:
            actions.clearSearchHistory()
            historyCount = actions.searchHistoryCount()
        case .setShellSearchAsksGitHub(let on):
            guard on != shellSearchAsksGitHub else { return }
            var preferences = store.load()
            preferences.shellSearchAsksGitHub = on
            try? store.save(preferences)
            shellSearchAsksGitHub = on
        case .signIn:
            actions.signIn()
        case .signOut:
            actions.signOut()
        }
    }

    private func applyServer() {
        guard server.isEditable else { return }
        switch ServerAddress.parse(server.text) {
        case .failure(let problem):
            server.note = problem.message
            server.isError = true
        case .success(let url) where isInUse(url):
            server = settledServer(text: "")
        case .success(let url) where servers.contains(where: { $0.url == url }):
            // Listed already, so checked before: used at once.
            use(server: url)
        case .success(let url):
            check?.cancel()
            server.isChecking = true
            server.isError = false
            server.note = tr("Checking {address}…", ["address": ServerAddress.displayName(url)])
            check = Task { [weak self, actions] in
                let problem = await actions.checkServer(url)
                guard let self, !Task.isCancelled else { return }
                server.isChecking = false
                if let problem {
                    server.note = problem.message
                    server.isError = true
                } else {
                    use(server: url)
                }
            }
        }
    }

    /// Switches to `url`, listing it when it is new. `text`: what stays in the entry (emptied
    /// once the server typed there is added).
    private func use(server url: URL, text: String = "") {
        serverInUse = url
        var preferences = store.load()
        preferences.apiURL = ServerAddress.isGitHubCom(url) ? nil : url
        preferences.servers = Preferences.listed(preferences.servers, inUse: preferences.apiURL)
        try? store.save(preferences)
        actions.useServer(preferences.apiURL)
        server = settledServer(text: text)
        servers = listedServers(preferences.servers)
        cacheBytes = actions.cachedByteCount()
        historyCount = actions.searchHistoryCount()
    }

    private func remove(server url: URL) {
        guard server.isEditable, !ServerAddress.isGitHubCom(url) else { return }
        var preferences = store.load()
        preferences.servers.removeAll { $0 == url }
        // Else loading lists the server in use again.
        if preferences.apiURL == url { preferences.apiURL = nil }
        try? store.save(preferences)
        if url == serverInUse {
            check?.cancel()
            use(server: GitHubConfiguration.defaultBaseURL, text: server.isChecking ? "" : server.text)
        } else {
            servers = listedServers(preferences.servers)
        }
    }

    /// The entry and note when nothing is being checked: the server in use and what it is.
    private func settledServer(text: String? = nil) -> Field {
        Field(text: text ?? server.text, note: PreferencesTexts.serverNote(serverInUse, override: serverOverride), isEditable: serverOverride == nil)
    }

    private func isInUse(_ url: URL) -> Bool {
        ServerAddress.isGitHubCom(url) ? ServerAddress.isGitHubCom(serverInUse) : url == serverInUse
    }

    /// github.com, then `saved`; a run whose server the command line chose lists that one alone.
    private func listedServers(_ saved: [URL]) -> [ServerRow] {
        let urls = serverOverride != nil ? [serverInUse] : [GitHubConfiguration.defaultBaseURL] + saved
        return urls.map { url in
            let isGitHubCom = ServerAddress.isGitHubCom(url)
            return ServerRow(url: url, title: isGitHubCom ? tr("GitHub.com") : ServerAddress.displayName(url), subtitle: url.absoluteString,
                             isInUse: isInUse(url), canRemove: serverOverride == nil && !isGitHubCom)
        }
    }

    private func applyClientID() {
        guard clientID.isEditable else { return }
        switch OAuthClientID.parse(clientID.text) {
        case .failure(let problem):
            clientID.note = problem.message
            clientID.isError = true
        case .success(let id):
            var preferences = store.load()
            preferences.oauthClientID = id
            try? store.save(preferences)
            actions.useOAuthClientID(id)
            clientID = Field(text: id ?? "", note: PreferencesTexts.clientIDNote(override: nil, saved: id))
        }
    }
}
