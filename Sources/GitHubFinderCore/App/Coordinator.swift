import Foundation

/// Told when a child coordinator's flow is over, so the parent can let it go (seed 000's pattern).
@MainActor
public protocol CoordinatorDelegate: AnyObject {
    func coordinatorDidFinish(_ coordinator: any Coordinator)
}

/// Owns one flow: which view model is on screen and where the user goes next.
@MainActor
public protocol Coordinator: AnyObject {
    var childCoordinators: [any Coordinator] { get set }
    var delegate: (any CoordinatorDelegate)? { get set }
    func start()
    func finish()
}

extension Coordinator {
    /// Keeps `child` alive, makes this coordinator its delegate and starts it.
    public func startChild(_ child: any Coordinator) where Self: CoordinatorDelegate {
        child.delegate = self
        childCoordinators.append(child)
        child.start()
    }

    public func removeChild(_ child: any Coordinator) {
        childCoordinators.removeAll { $0 === child }
    }

    /// Ends this flow: children first, then tells the parent.
    public func finish() {
        childCoordinators.forEach { $0.finish() }
        childCoordinators.removeAll()
        delegate?.coordinatorDidFinish(self)
    }
}
