import Foundation
import Observation
import Synchronization

/// The latest known state of each rate-limit bucket, updated from every response. Observable
/// (Observation framework) so a view can show "remaining / limit" and the reset time; safe to
/// update from any task.
public final class RateLimitMonitor: Observable, Sendable {
    private let registrar = ObservationRegistrar()
    private let storage = Mutex<[String: RateLimit]>([:])

    public init() {}

    /// Every bucket seen so far, keyed by resource name (`core`, `search`…).
    public var buckets: [String: RateLimit] {
        registrar.access(self, keyPath: \.buckets)
        return storage.withLock { $0 }
    }

    /// The latest state of one bucket, or nil if no response has reported it yet.
    public func bucket(_ resource: String) -> RateLimit? {
        buckets[resource]
    }

    /// Records what a response reported.
    public func record(_ limit: RateLimit) {
        registrar.withMutation(of: self, keyPath: \.buckets) {
            storage.withLock { $0[limit.resource] = limit }
        }
    }
}
