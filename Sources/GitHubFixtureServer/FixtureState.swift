import Foundation
import Synchronization

/// Everything the double remembers between requests: faults, counters, what it received and the
/// rate-limit windows. Shared by all connections, guarded by one lock.
final class FixtureState: Sendable {
    struct Bucket: Sendable {
        var limit: Int
        var used = 0
        var resetsAt: Date
    }

    private struct Storage {
        var faults: [FixtureFault] = []
        var counts: [FixtureRoute: Int] = [:]
        var received: [ReceivedRequest] = []
        var buckets: [String: Bucket] = [:]
    }

    /// Per-window limits: nil means GitHub's (search 10/min anonymous, 30 with a token; core 60/h, 5,000).
    let searchLimit: Int?
    let coreLimit: Int?
    private let storage = Mutex(Storage())
    private static let receivedCapacity = 20_000

    init(searchLimit: Int?, coreLimit: Int?) {
        self.searchLimit = searchLimit
        self.coreLimit = coreLimit
    }

    func record(_ request: ReceivedRequest) {
        storage.withLock {
            $0.counts[request.route, default: 0] += 1
            $0.received.append(request)
            if $0.received.count > Self.receivedCapacity { $0.received.removeFirst($0.received.count - Self.receivedCapacity) }
        }
    }

    func count(_ route: FixtureRoute) -> Int { storage.withLock { $0.counts[route] ?? 0 } }
    var received: [ReceivedRequest] { storage.withLock { $0.received } }

    func inject(_ fault: FixtureFault) { storage.withLock { $0.faults.append(fault) } }
    func clearFaults() { storage.withLock { $0.faults.removeAll() } }

    /// The first active fault for `route`, using up one of its `remaining` requests.
    func takeFault(for route: FixtureRoute) -> FixtureFault? {
        storage.withLock { storage in
            guard let index = storage.faults.firstIndex(where: { $0.applies(to: route) }) else { return nil }
            let fault = storage.faults[index]
            if let remaining = fault.remaining {
                if remaining <= 1 { storage.faults.remove(at: index) } else { storage.faults[index].remaining = remaining - 1 }
            }
            return fault
        }
    }

    /// Puts back a use of a fault that turned out not to apply (a 304-only fault met a 200).
    func giveBack(_ fault: FixtureFault) {
        guard let remaining = fault.remaining else { return }
        storage.withLock { storage in
            if let index = storage.faults.firstIndex(of: { var taken = fault; taken.remaining = remaining - 1; return taken }()) {
                storage.faults[index].remaining = remaining
            } else if remaining <= 1 {
                storage.faults.insert(fault, at: 0)
            }
        }
    }

    /// The bucket for `resource` now, starting a new window when the last one ended.
    func bucket(_ resource: String, authenticated: Bool, now: Date = Date()) -> Bucket {
        storage.withLock { storage in
            currentBucket(&storage, resource, authenticated: authenticated, now: now)
        }
    }

    /// Spends one request of `resource`; nil when the window is already exhausted.
    func spend(_ resource: String, authenticated: Bool, now: Date = Date()) -> Bucket? {
        storage.withLock { storage in
            var bucket = currentBucket(&storage, resource, authenticated: authenticated, now: now)
            guard bucket.used < bucket.limit else { return nil }
            bucket.used += 1
            storage.buckets[key(resource, authenticated)] = bucket
            return bucket
        }
    }

    /// Makes the bucket look spent until its reset time, as after a burst of requests.
    func exhaust(_ resource: String, authenticated: Bool) {
        storage.withLock { storage in
            var bucket = currentBucket(&storage, resource, authenticated: authenticated, now: Date())
            bucket.used = bucket.limit
            storage.buckets[key(resource, authenticated)] = bucket
        }
    }

    private func currentBucket(_ storage: inout Storage, _ resource: String, authenticated: Bool, now: Date) -> Bucket {
        let key = key(resource, authenticated)
        if let bucket = storage.buckets[key], bucket.resetsAt > now { return bucket }
        let isSearch = resource == "search"
        let limit = isSearch ? (searchLimit ?? (authenticated ? 30 : 10)) : (coreLimit ?? (authenticated ? 5_000 : 60))
        let window: TimeInterval = isSearch ? 60 : 3_600
        // Whole seconds, as GitHub's epoch header is.
        let bucket = Bucket(limit: limit, resetsAt: Date(timeIntervalSince1970: (now.timeIntervalSince1970 + window).rounded(.up)))
        storage.buckets[key] = bucket
        return bucket
    }

    private func key(_ resource: String, _ authenticated: Bool) -> String {
        "\(resource)|\(authenticated)"
    }
}
