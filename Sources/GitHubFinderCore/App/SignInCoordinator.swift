import Foundation

/// The sign-in flow, started by `AppCoordinator` as a child: shows the dialog, and reports
/// through `didFinish` whether the user is now signed in.
@MainActor
public final class SignInCoordinator: Coordinator {
    public var childCoordinators: [any Coordinator] = []
    public weak var delegate: (any CoordinatorDelegate)?
    public private(set) var viewModel: SignInViewModel?
    public private(set) var didSignIn = false
    private let dependencies: AppDependencies
    private let navigator: any Navigator
    private let reason: String?
    private let openURL: @MainActor (URL) -> Void

    public init(dependencies: AppDependencies, navigator: any Navigator, reason: String?, openURL: @escaping @MainActor (URL) -> Void) {
        self.dependencies = dependencies
        self.navigator = navigator
        self.reason = reason
        self.openURL = openURL
    }

    public func start() {
        let viewModel = SignInViewModel(authenticator: dependencies.authenticator, deviceFlow: dependencies.deviceFlow, reason: reason, actions: .init(
            finished: { [weak self] signedIn in
                guard let self else { return }
                didSignIn = signedIn
                navigator.dismissSignIn()
                finish()
            },
            openURL: { [openURL] in openURL($0) }
        ))
        self.viewModel = viewModel
        navigator.showSignIn(viewModel)
    }
}
