import Foundation
import Logging

/// The composition root: builds the live services once and makes every view model.
@MainActor
public final class AppDependencies {
    public let api: any GitHubAPI
    public let favorites: any FavoritesStore
    public let clock: any Clock<Duration>
    public let now: @Sendable () -> Date
    /// Why favorites fell back to memory for this session (nil when the file works).
    public let favoritesError: FavoritesStoreError?

    public init(api: any GitHubAPI, favorites: any FavoritesStore, clock: any Clock<Duration> = ContinuousClock(), now: @escaping @Sendable () -> Date = Date.init, favoritesError: FavoritesStoreError? = nil) {
        self.api = api
        self.favorites = favorites
        self.clock = clock
        self.now = now
        self.favoritesError = favoritesError
    }

    /// The real thing: GitHub at `configuration.baseURL` and favorites in `databaseFile`. A
    /// database that cannot be opened is reported, kept untouched, and replaced by an in-memory
    /// one for this session.
    public static func live(configuration: GitHubConfiguration, databaseFile: URL = FavoritesLocation.defaultFile()) -> AppDependencies {
        live(configuration: configuration, database: Result { () throws(FavoritesStoreError) in try AppDatabase.open(at: databaseFile) })
    }

    /// The same with the database already opened (or not), e.g. on a background thread while
    /// GTK initialises.
    public static func live(configuration: GitHubConfiguration, database opened: Result<AppDatabase, FavoritesStoreError>) -> AppDependencies {
        let database: AppDatabase
        var failure: FavoritesStoreError?
        switch opened {
        case .success(let opened):
            database = opened
        case .failure(let error):
            Logger(label: "GitHubFinder.AppDependencies").error("favorites database unusable", metadata: ["error": "\(error)"])
            failure = error
            database = .inMemory()
        }
        return AppDependencies(api: GitHubClient(configuration: configuration), favorites: GRDBFavoritesStore(database: database), favoritesError: failure)
    }

    public func makeSearchViewModel(actions: SearchViewModel.Actions) -> SearchViewModel {
        SearchViewModel(api: api, favorites: favorites, clock: clock, actions: actions, now: now)
    }

    public func makeFavoritesViewModel(actions: FavoritesViewModel.Actions) -> FavoritesViewModel {
        FavoritesViewModel(store: favorites, actions: actions)
    }

    public func makeDetailViewModel(user: User, actions: DetailViewModel.Actions) -> DetailViewModel {
        DetailViewModel(user: user, api: api, store: favorites, actions: actions)
    }
}
