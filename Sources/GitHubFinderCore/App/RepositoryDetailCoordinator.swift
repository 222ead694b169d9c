import Foundation

/// One repository's detail pane; finished when something else is selected.
@MainActor
public final class RepositoryDetailCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var delegate: (any CoordinatorDelegate)?
    public let repository: Repository
    /// The release shown instead of the latest (an entry of What's New opened).
    public let releaseTag: String?
    public private(set) var viewModel: RepositoryDetailViewModel?
    private let dependencies: AppDependencies
    private let navigator: any Navigator
    private let actions: RepositoryDetailViewModel.Actions

    public init(repository: Repository, releaseTag: String? = nil, dependencies: AppDependencies, navigator: any Navigator, actions: RepositoryDetailViewModel.Actions) {
        self.repository = repository
        self.releaseTag = releaseTag
        self.dependencies = dependencies
        self.navigator = navigator
        self.actions = actions
    }

    public func start() {
        let viewModel = dependencies.makeRepositoryDetailViewModel(repository: repository, releaseTag: releaseTag, actions: actions)
        self.viewModel = viewModel
        navigator.showRepositoryDetail(viewModel)
        viewModel.send(.load)
    }
}
