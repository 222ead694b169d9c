import Foundation
import GitHubFinderCore

/// From a star committed to the Favorites tab's next index: the store's observation reads all
/// 100,000 favorites again after each change, off the main thread. No DESIGN budget; reported so
/// the cost of that re-read stays visible.
enum FavoritesObservationBenchmark {
    static func run(_ database: AppDatabase, favorites count: Int) throws {
        let store = GRDBFavoritesStore<People>(database: database)
        let delivered = DispatchSemaphore(value: 0)
        let lastCount = LatestCount()
        let stream = store.observeIndex()
        let task = Task.detached {
            for await index in stream {
                lastCount.set(index.count)
                delivered.signal()
            }
        }
        defer { task.cancel() }
        /// Waits for an index of `expected` favorites (an observation may coalesce changes).
        func waitFor(_ expected: Int) {
            repeat { delivered.wait() } while lastCount.value != expected
        }
        waitFor(count)
        let clock = ContinuousClock()
        var durations: [Double] = []
        for iteration in 0..<24 {
            let favorite = PersonFavorite(id: UserID(20_000_000), login: "observed-star")
            let elapsed = try clock.measure {
                if iteration % 2 == 0 { try database.save(favorite) } else { try database.delete(People.self, id: favorite.id) }
                waitFor(iteration % 2 == 0 ? count + 1 : count)
            }
            if iteration >= 4 { durations.append(BenchmarkHarness.milliseconds(elapsed)) }
        }
        BenchmarkHarness.emit(name: "favorites.star-to-new-index.100k", BenchmarkHarness.sample(durations))
    }
}

/// The favorite count of the index delivered last, written by the observing task.
private final class LatestCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = -1

    var value: Int { lock.withLock { count } }
    func set(_ value: Int) { lock.withLock { count = value } }
}
