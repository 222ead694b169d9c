import Foundation
import Logging

/// The composition root: builds the live services once (client, database, keyring, clock);
/// the scenes' view models are made from them in `AppDependencies+Scenes.swift`.
@MainActor
public final class AppDependencies {
    public let api: any GitHubAPI
    /// Starred people and starred repositories, both in `database`.
    public let people: GRDBFavoritesStore<People>
    public let repositories: GRDBFavoritesStore<Repositories>
    /// Stars repositories in the store (and on GitHub when signed in); unstarring can be undone.
    public let repositoryStarring: any UndoableRepositoryStarring
    /// Sends repository star changes to GitHub and syncs GitHub's stars in (signed in only).
    public let starSync: StarSync
    /// "Add everyone you follow to Favorites" (signed in).
    public let followingImport: FollowingImport
    /// Whom the signed-in account follows: the rows' "Following" badge.
    public let followed: FollowedPeople
    /// What's New: checks the favorites for new releases and repositories (the application
    /// starts it, window or not, and gives it the network's state).
    public let news: NewsChecker
    public let clock: any Clock<Duration>
    public let now: @Sendable () -> Date
    /// Why favorites fell back to memory for this session (nil when the file works).
    public let favoritesError: FavoritesStoreError?
    /// Set when the favorites file was found damaged at start, moved aside and replaced.
    public let favoritesRecovery: FavoritesRecovery?
    public let authenticator: Authenticator
    /// Nil when no OAuth app is configured (tokens only).
    public private(set) var deviceFlow: DeviceFlowClient?
    /// Makes the device flow for another OAuth client ID (Preferences); nil for test doubles.
    private let makeDeviceFlow: (@Sendable (String?) -> DeviceFlowClient?)?
    /// The opened favorites database (nil for test doubles), and the file it is: reused when
    /// the server chosen again is the same.
    private var database: (database: AppDatabase, file: URL)?
    /// Where every server's favorites file is (nil: these dependencies cannot switch server).
    private var databaseFolder: URL?
    /// Where every server's built Favorites indexes are kept (`FavoritesLocation.indexCacheFolder`;
    /// nil: none are kept).
    private var indexCacheFolder: URL?
    /// The API address these services talk to (nil for test doubles).
    public private(set) var server: URL?
    /// This server's favorites, outbox, sync state and search history.
    let favoritesDatabase: AppDatabase

    public init(
        api: any GitHubAPI, database: AppDatabase, clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = Date.init,
        favoritesError: FavoritesStoreError? = nil, favoritesRecovery: FavoritesRecovery? = nil, tokenStore: any TokenStore = InMemoryTokenStore(), environmentToken: String? = nil, deviceFlow: DeviceFlowClient? = nil,
        makeDeviceFlow: (@Sendable (String?) -> DeviceFlowClient?)? = nil, repositoryStarring: (any UndoableRepositoryStarring)? = nil,
        newsSettings: NewsSettings = NewsSettings()
    ) {
        self.api = api
        people = GRDBFavoritesStore(database: database)
        repositories = GRDBFavoritesStore(database: database)
        favoritesDatabase = database
        self.clock = clock
        self.now = now
        self.favoritesError = favoritesError
        self.favoritesRecovery = favoritesRecovery
        let authenticator = Authenticator(credentials: api.credentials, tokenStore: tokenStore, api: api, environmentToken: environmentToken)
        self.authenticator = authenticator
        starSync = StarSync(api: api, database: database, clock: clock, now: now, login: { authenticator.account?.login })
        self.repositoryStarring = repositoryStarring
            ?? StoreRepositoryStarring(store: repositories, credentials: api.credentials, sync: starSync, now: now)
        let signedInLogin: @MainActor () async -> String? = { [starSync] in await starSync.signedInLogin() }
        let followed = FollowedPeople(api: api, account: signedInLogin)
        self.followed = followed
        followingImport = FollowingImport(api: api, store: people, account: signedInLogin, followed: followed, now: now)
        news = NewsChecker(api: api, database: database, settings: newsSettings, clock: clock, now: now)
        self.deviceFlow = deviceFlow
        self.makeDeviceFlow = makeDeviceFlow
    }

    /// Export Favorites… and Import Favorites…: this server's favorites to and from files.
    public var favoritesFiles: FavoritesFiles {
        FavoritesFiles(database: favoritesDatabase, server: server ?? GitHubConfiguration.defaultBaseURL, now: now)
    }

    /// Signs in through the OAuth app `clientID` from now on (nil: tokens only).
    public func useOAuthClientID(_ clientID: String?) {
        guard let makeDeviceFlow else { return }
        deviceFlow = makeDeviceFlow(clientID)
    }

    /// The real thing: GitHub at `configuration.baseURL` and favorites in `databaseFile`. A damaged
    /// file is moved aside by `AppDatabase.open` and a fresh one used (`favoritesRecovery`); only a
    /// file that cannot be opened or created at all is replaced by an in-memory database for this
    /// session (`favoritesError`).
    public static func live(configuration: GitHubConfiguration, databaseFile: URL, tokenStore: any TokenStore = InMemoryTokenStore(), oauthClientID: String? = nil) -> AppDependencies {
        live(configuration: configuration, database: open(databaseFile, indexCache: nil), file: databaseFile, folder: nil, tokenStore: tokenStore, oauthClientID: oauthClientID)
    }

    /// The same with the server's own file in `databaseFolder` (`FavoritesLocation`), maybe
    /// already opened (`opened`, e.g. on a background thread while GTK initialises); a switch to
    /// another server (`live(configuration:tokenStore:oauthClientID:)`) opens that server's file
    /// in the same folder. `indexCacheFolder`: where the servers' built indexes are kept between
    /// sessions (`FavoritesLocation.indexCacheFolder`), nil for none.
    public static func live(configuration: GitHubConfiguration, databaseFolder: URL, indexCacheFolder: URL? = nil, opened: Result<AppDatabase, FavoritesStoreError>? = nil,
                            tokenStore: any TokenStore = InMemoryTokenStore(), oauthClientID: String? = nil) -> AppDependencies {
        let file = FavoritesLocation.file(for: configuration.baseURL, in: databaseFolder)
        let indexCache = indexCacheFolder.map { FavoritesLocation.indexCacheFolder(for: configuration.baseURL, in: $0) }
        return live(configuration: configuration, database: opened ?? open(file, indexCache: indexCache), file: file, folder: databaseFolder,
                    indexCacheFolder: indexCacheFolder, tokenStore: tokenStore, oauthClientID: oauthClientID)
    }

    /// GitHub at another address (Preferences): a new client, its own caches and rate limits,
    /// the token the keyring keeps for that server, and that server's own favorites, outbox and
    /// sync state — ids of two servers never meet. Nil when these dependencies were not made by
    /// `live(configuration:databaseFolder:…)`.
    public func live(configuration: GitHubConfiguration, tokenStore: any TokenStore, oauthClientID: String?) -> AppDependencies? {
        guard let database, let databaseFolder else { return nil }
        let file = FavoritesLocation.file(for: configuration.baseURL, in: databaseFolder)
        guard file == database.file else {
            return Self.live(configuration: configuration, databaseFolder: databaseFolder, indexCacheFolder: indexCacheFolder, tokenStore: tokenStore, oauthClientID: oauthClientID)
        }
        // The same server again: the damaged file was announced once, at start; its move is not news again.
        return Self.live(configuration: configuration, database: database.database, file: file, folder: databaseFolder, indexCacheFolder: indexCacheFolder,
                         tokenStore: tokenStore, oauthClientID: oauthClientID, favoritesError: favoritesError, favoritesRecovery: nil)
    }

    private static func open(_ file: URL, indexCache: URL?) -> Result<AppDatabase, FavoritesStoreError> {
        Result { () throws(FavoritesStoreError) in try AppDatabase.open(at: file, indexCache: indexCache) }
    }

    private static func live(configuration: GitHubConfiguration, database opened: Result<AppDatabase, FavoritesStoreError>, file: URL, folder: URL?,
                             indexCacheFolder: URL? = nil, tokenStore: any TokenStore, oauthClientID: String?) -> AppDependencies {
        let database: AppDatabase
        var failure: FavoritesStoreError?
        switch opened {
        case .success(let opened):
            database = opened
            if let recovery = opened.recovery {
                Logger(label: "GitHubFinder.AppDependencies").warning("damaged favorites database moved aside", metadata: ["movedTo": "\(recovery.movedTo)"])
            }
        case .failure(let error):
            Logger(label: "GitHubFinder.AppDependencies").error("favorites database unusable", metadata: ["error": "\(error)"])
            failure = error
            database = .inMemory()
        }
        return live(configuration: configuration, database: database, file: file, folder: folder, indexCacheFolder: indexCacheFolder, tokenStore: tokenStore,
                    oauthClientID: oauthClientID, favoritesError: failure, favoritesRecovery: database.recovery)
    }

    private static func live(configuration: GitHubConfiguration, database: AppDatabase, file: URL, folder: URL?, indexCacheFolder: URL?, tokenStore: any TokenStore,
                             oauthClientID: String?, favoritesError: FavoritesStoreError?, favoritesRecovery: FavoritesRecovery?) -> AppDependencies {
        let client = GitHubClient(configuration: configuration)
        let makeDeviceFlow: @Sendable (String?) -> DeviceFlowClient? = { [transport = client.transport] clientID in
            DeviceFlowClient(configuration: OAuthConfiguration.from(apiBaseURL: configuration.baseURL, clientID: clientID), transport: transport, userAgent: configuration.userAgent)
        }
        let dependencies = AppDependencies(api: client, database: database, favoritesError: favoritesError,
                                           favoritesRecovery: favoritesRecovery, tokenStore: tokenStore, environmentToken: configuration.token,
                                           deviceFlow: makeDeviceFlow(oauthClientID), makeDeviceFlow: makeDeviceFlow)
        dependencies.database = (database, file)
        dependencies.server = configuration.baseURL
        dependencies.databaseFolder = folder
        dependencies.indexCacheFolder = indexCacheFolder
        return dependencies
    }

    /// How many recent searches are kept for this server, of both scopes.
    public func searchHistoryCount() throws(FavoritesStoreError) -> Int {
        try favoritesDatabase.searchHistoryCount()
    }

    /// Preferences › Clear Search History: forgets the queries searched on this server.
    public func clearSearchHistory() throws(FavoritesStoreError) {
        try favoritesDatabase.clearSearchHistory()
    }
}
