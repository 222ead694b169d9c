import Foundation

/// The Search tab's flow.
@MainActor
public final class SearchCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var delegate: (any CoordinatorDelegate)?
    public private(set) var tabViewModel: SearchTabViewModel?
    /// The People scope.
    public var viewModel: PeopleSearchViewModel? { tabViewModel?.people }
    private let dependencies: AppDependencies
    private let navigator: any Navigator
    private let onSelect: @MainActor (User) -> Void
    private let onSelectRepository: @MainActor (Repository) -> Void
    private let onSignInRequired: @MainActor (@escaping @MainActor () -> Void) -> Void

    public init(dependencies: AppDependencies, navigator: any Navigator, onSelect: @escaping @MainActor (User) -> Void,
                onSelectRepository: @escaping @MainActor (Repository) -> Void = { _ in },
                onSignInRequired: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void = { _ in }) {
        self.dependencies = dependencies
        self.navigator = navigator
        self.onSelect = onSelect
        self.onSelectRepository = onSelectRepository
        self.onSignInRequired = onSignInRequired
    }

    public func start() {
        let people = dependencies.makePeopleSearchViewModel(actions: .init(
            showDetail: { [onSelect] in onSelect($0) },
            showError: { [weak navigator] in navigator?.showToast(Toast(message: $0)) },
            signInRequired: { [onSignInRequired] in onSignInRequired($0) }
        ))
        let repositories = dependencies.makeRepositorySearchViewModel(actions: .init(
            showDetail: { [onSelectRepository] in onSelectRepository($0) },
            showError: { [weak navigator] in navigator?.showToast(Toast(message: $0)) },
            signInRequired: { [onSignInRequired] in onSignInRequired($0) }
        ))
        let viewModel = SearchTabViewModel(people: people, repositories: repositories, followed: dependencies.followed)
        tabViewModel = viewModel
        navigator.showSearch(viewModel)
    }
}

/// The Favorites tab's flow.
@MainActor
public final class FavoritesCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var delegate: (any CoordinatorDelegate)?
    public private(set) var tabViewModel: FavoritesTabViewModel?
    /// The People list.
    public var viewModel: PeopleFavoritesViewModel? { tabViewModel?.people }
    private let dependencies: AppDependencies
    private let navigator: any Navigator
    private let onSelect: @MainActor (User) -> Void
    private let onSelectRepository: @MainActor (Repository) -> Void

    public init(dependencies: AppDependencies, navigator: any Navigator, onSelect: @escaping @MainActor (User) -> Void,
                onSelectRepository: @escaping @MainActor (Repository) -> Void = { _ in }) {
        self.dependencies = dependencies
        self.navigator = navigator
        self.onSelect = onSelect
        self.onSelectRepository = onSelectRepository
    }

    public func start() {
        let people = dependencies.makePeopleFavoritesViewModel(actions: .init(showDetail: { [onSelect] in onSelect($0) }))
        let repositories = dependencies.makeRepositoryFavoritesViewModel(actions: .init(showDetail: { [onSelectRepository] in onSelectRepository($0) }))
        let viewModel = FavoritesTabViewModel(people: people, repositories: repositories, starSync: dependencies.starSync,
                                              followingImport: dependencies.followingImport, followed: dependencies.followed)
        tabViewModel = viewModel
        navigator.showFavorites(viewModel)
    }
}

/// The What's New tab's flow.
@MainActor
public final class WhatsNewCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var delegate: (any CoordinatorDelegate)?
    public private(set) var viewModel: WhatsNewViewModel?
    private let dependencies: AppDependencies
    private let navigator: any Navigator
    /// Shows a repository; with a tag, that release instead of the latest.
    private let onSelectRepository: @MainActor (Repository, _ releaseTag: String?) -> Void

    public init(dependencies: AppDependencies, navigator: any Navigator, onSelectRepository: @escaping @MainActor (Repository, _ releaseTag: String?) -> Void) {
        self.dependencies = dependencies
        self.navigator = navigator
        self.onSelectRepository = onSelectRepository
    }

    public func start() {
        let viewModel = dependencies.makeWhatsNewViewModel(actions: .init(showRepository: onSelectRepository))
        self.viewModel = viewModel
        navigator.showWhatsNew(viewModel)
    }
}

/// One user's detail pane; finished when another user is selected.
@MainActor
public final class DetailCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var delegate: (any CoordinatorDelegate)?
    public let user: User
    public private(set) var viewModel: PersonDetailViewModel?
    private let dependencies: AppDependencies
    private let navigator: any Navigator
    private let openURL: @MainActor (URL) -> Void
    private let onSignInRequired: @MainActor (@escaping @MainActor () -> Void) -> Void
    private let onSelectRepository: @MainActor (Repository) -> Void

    public init(user: User, dependencies: AppDependencies, navigator: any Navigator, openURL: @escaping @MainActor (URL) -> Void,
                onSignInRequired: @escaping @MainActor (@escaping @MainActor () -> Void) -> Void = { _ in },
                onSelectRepository: @escaping @MainActor (Repository) -> Void = { _ in }) {
        self.user = user
        self.dependencies = dependencies
        self.navigator = navigator
        self.openURL = openURL
        self.onSignInRequired = onSignInRequired
        self.onSelectRepository = onSelectRepository
    }

    public func start() {
        let viewModel = dependencies.makePersonDetailViewModel(user: user, actions: .init(
            openURL: { [openURL] in openURL($0) },
            showError: { [weak navigator] in navigator?.showToast(Toast(message: $0)) },
            signInRequired: { [onSignInRequired] in onSignInRequired($0) },
            showRepository: { [onSelectRepository] in onSelectRepository($0) }
        ))
        self.viewModel = viewModel
        navigator.showDetail(viewModel)
        viewModel.send(.load)
    }
}
