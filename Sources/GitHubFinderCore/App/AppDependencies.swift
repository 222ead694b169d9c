import Foundation
import Logging

/// The composition root: builds the live services once and makes every view model.
@MainActor
public final class AppDependencies {
    public let api: any GitHubAPI
    public let favorites: any FavoritesStore
    /// Starred repositories: the same database as `favorites` when it is a `GRDBFavoritesStore`.
    public let repositoryFavorites: any RepositoryFavoritesStore
    /// Stars repositories in the store (and on GitHub when signed in); unstarring can be undone.
    public let repositoryStarring: any UndoableRepositoryStarring
    /// Sends repository star changes to GitHub and syncs GitHub's stars in (signed in only).
    public let starSync: StarSync
    /// "Add everyone you follow to Favorites" (signed in).
    public let followingImport: FollowingImport
    /// Whom the signed-in account follows: the rows' "Following" badge.
    public let followed: FollowedPeople
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
    /// The favorites database (an in-memory one beside a test's fake store).
    private let favoritesDatabase: AppDatabase

    public init(
        api: any GitHubAPI, favorites: any FavoritesStore, clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = Date.init,
        favoritesError: FavoritesStoreError? = nil, favoritesRecovery: FavoritesRecovery? = nil, tokenStore: any TokenStore = InMemoryTokenStore(), environmentToken: String? = nil, deviceFlow: DeviceFlowClient? = nil,
        makeDeviceFlow: (@Sendable (String?) -> DeviceFlowClient?)? = nil, repositoryStarring: (any UndoableRepositoryStarring)? = nil,
        repositoryFavorites: (any RepositoryFavoritesStore)? = nil
    ) {
        self.api = api
        self.favorites = favorites
        self.repositoryFavorites = repositoryFavorites ?? (favorites as? any RepositoryFavoritesStore) ?? GRDBFavoritesStore(database: .inMemory())
        self.clock = clock
        self.now = now
        self.favoritesError = favoritesError
        self.favoritesRecovery = favoritesRecovery
        let authenticator = Authenticator(credentials: api.credentials, tokenStore: tokenStore, api: api, environmentToken: environmentToken)
        self.authenticator = authenticator
        // Repository stars share the favorites database (an in-memory one beside a test's fake).
        let starsDatabase = (favorites as? GRDBFavoritesStore)?.database ?? .inMemory()
        favoritesDatabase = starsDatabase
        starSync = StarSync(api: api, database: starsDatabase, clock: clock, now: now, login: { authenticator.account?.login })
        self.repositoryStarring = repositoryStarring
            ?? StoreRepositoryStarring(store: GRDBFavoritesStore(database: starsDatabase), credentials: api.credentials, sync: starSync, now: now)
        let signedInLogin: @MainActor () async -> String? = { [starSync] in await starSync.signedInLogin() }
        let followed = FollowedPeople(api: api, account: signedInLogin)
        self.followed = followed
        followingImport = FollowingImport(api: api, store: favorites, account: signedInLogin, followed: followed, now: now)
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
        let dependencies = AppDependencies(api: client, favorites: GRDBFavoritesStore(database: database), favoritesError: favoritesError,
                                           favoritesRecovery: favoritesRecovery, tokenStore: tokenStore, environmentToken: configuration.token,
                                           deviceFlow: makeDeviceFlow(oauthClientID), makeDeviceFlow: makeDeviceFlow)
        dependencies.database = (database, file)
        dependencies.server = configuration.baseURL
        dependencies.databaseFolder = folder
        dependencies.indexCacheFolder = indexCacheFolder
        return dependencies
    }

    public func makeSearchViewModel(actions: SearchViewModel.Actions) -> SearchViewModel {
        let viewModel = SearchViewModel(api: api, favorites: favorites, clock: clock, actions: actions, now: now)
        viewModel.useHistory(SearchHistory(database: favoritesDatabase, scope: .people))
        return viewModel
    }

    public func makeRepositorySearchViewModel(actions: RepositorySearchViewModel.Actions) -> RepositorySearchViewModel {
        let viewModel = RepositorySearchViewModel(source: RepositorySearchSource(api: api, starring: repositoryStarring, now: now), clock: clock, actions: actions, now: now)
        // Listed when the scope is first shown (`SearchTabViewModel`).
        viewModel.useHistory(SearchHistory(database: favoritesDatabase, scope: .repositories), listingNow: false)
        return viewModel
    }

    /// How many recent searches are kept for this server, of both scopes.
    public func searchHistoryCount() throws(FavoritesStoreError) -> Int {
        try favoritesDatabase.searchHistoryCount()
    }

    /// Preferences › Clear Search History: forgets the queries searched on this server.
    public func clearSearchHistory() throws(FavoritesStoreError) {
        try favoritesDatabase.clearSearchHistory()
    }

    public func makeFavoritesViewModel(actions: FavoritesViewModel.Actions) -> FavoritesViewModel {
        FavoritesViewModel(store: favorites, actions: actions, notice: favoritesRecovery?.message ?? favoritesError?.sessionOnlyMessage)
    }

    public func makeRepositoryFavoritesViewModel(actions: RepositoryFavoritesViewModel.Actions) -> RepositoryFavoritesViewModel {
        RepositoryFavoritesViewModel(source: RepositoryFavoritesSource(store: repositoryFavorites, starring: repositoryStarring), actions: actions,
                                     notice: favoritesRecovery?.message ?? favoritesError?.sessionOnlyMessage)
    }

    public func makeSignInViewModel(reason: String?, actions: SignInViewModel.Actions) -> SignInViewModel {
        SignInViewModel(authenticator: authenticator, deviceFlow: deviceFlow, reason: reason, actions: actions)
    }

    public func makeRepositoryDetailViewModel(repository: Repository, actions: RepositoryDetailViewModel.Actions) -> RepositoryDetailViewModel {
        RepositoryDetailViewModel(repository: repository, api: api, starring: repositoryStarring,
                                  notes: FavoriteNotesViewModel(database: favoritesDatabase, kind: .repository, id: repository.id), actions: actions, now: now)
    }

    /// Your Profile for `profile` (the signed-in account's): its detail and its three lists, whose
    /// rows open their own detail through `showPerson` / `showRepository`.
    public func makeYourProfileViewModel(profile: UserProfile, detailActions: DetailViewModel.Actions,
                                         showPerson: @escaping @MainActor (User) -> Void, showRepository: @escaping @MainActor (Repository) -> Void,
                                         showError: @escaping @MainActor (String) -> Void) -> YourProfileViewModel {
        let user = User(id: profile.id, login: profile.login, avatarURL: profile.avatarURL, profileURL: profile.profileURL, type: profile.type)
        let people = PeopleSearchSource(api: api, favorites: favorites)
        let peopleActions = AccountListViewModel<PeopleSearchSource>.Actions(showDetail: showPerson, showError: showError, signInRequired: detailActions.signInRequired)
        let network = { [api] (direction: FollowDirection) -> AccountListViewModel<PeopleSearchSource>.Fetch in
            { url throws(GitHubError) in
                if let url { try await api.users(page: url) } else { try await api.network(direction) }
            }
        }
        let yours: AccountListViewModel<RepositorySearchSource>.Fetch = { [api] url throws(GitHubError) in
            if let url { try await api.repositories(page: url) } else { try await api.yourRepositories() }
        }
        return YourProfileViewModel(
            detail: makeDetailViewModel(user: user, actions: detailActions),
            following: AccountListViewModel(list: .following, source: people, fetch: network(.following), actions: peopleActions),
            followers: AccountListViewModel(list: .followers, source: people, fetch: network(.followers), actions: peopleActions),
            repositories: AccountListViewModel(list: .repositories, source: RepositorySearchSource(api: api, starring: repositoryStarring, now: now), fetch: yours,
                                               actions: .init(showDetail: showRepository, showError: showError, signInRequired: detailActions.signInRequired)),
            followed: followed
        )
    }

    public func makeDetailViewModel(user: User, actions: DetailViewModel.Actions) -> DetailViewModel {
        let viewModel = DetailViewModel(user: user, api: api, store: favorites, notes: FavoriteNotesViewModel(database: favoritesDatabase, kind: .person, id: user.id),
                                        account: { [starSync] in await starSync.signedInLogin() }, actions: actions)
        viewModel.onFollowKnown = { [followed] id, following in followed.set(id, followed: following) }
        return viewModel
    }
}
