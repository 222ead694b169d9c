import Foundation
import Synchronization

/// Repository stars kept in memory for this session (PROVISIONAL until the store keeps them).
public final class SessionRepositoryStarring: RepositoryStarring {
    private let state = Mutex<(ids: Set<Int64>, observers: [UUID: AsyncStream<Set<Int64>>.Continuation])>(([], [:]))

    public init() {}

    public func observeStarredIDs() -> AsyncStream<Set<Int64>> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1)) { continuation in
            let key = UUID()
            let ids = state.withLock { state in
                state.observers[key] = continuation
                return state.ids
            }
            continuation.yield(ids)
            continuation.onTermination = { [weak self] _ in self?.state.withLock { _ = $0.observers.removeValue(forKey: key) } }
        }
    }

    public func star(_ repository: Repository) throws { change { _ = $0.insert(repository.id) } }
    public func unstar(_ repository: Repository) throws { change { _ = $0.remove(repository.id) } }

    private func change(_ body: (inout Set<Int64>) -> Void) {
        let (ids, observers) = state.withLock { state in
            body(&state.ids)
            return (state.ids, Array(state.observers.values))
        }
        for observer in observers { observer.yield(ids) }
    }
}
