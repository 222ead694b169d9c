import CGtkSupport

/// Process-wide memory settings of the app, and giving freed memory back.
public enum ProcessMemory {
    /// Call first thing in `main`, before any thread starts.
    ///
    /// glibc gives each thread that allocates its own malloc arena: the HTTP, GRDB, Dispatch and
    /// Swift concurrency threads would leave some 15 arenas, about twice the memory in use
    /// resident. Two (the main thread's, and one the background threads share) suit an app
    /// whose background work is a few requests at a time.
    public static func configure() {
        ghf_limit_malloc_arenas(2)
    }

    /// How long after the last call the freed memory is given back.
    static let settleMilliseconds: UInt32 = 2_000
    @MainActor private static var pendingRelease: UInt32 = 0
    /// How long the last releases took (make bench reads them: they run on the main thread).
    @MainActor static private(set) var releaseMilliseconds: [Double] = []

    /// Scrolling a list makes and drops text layouts, render nodes, avatar bytes and responses
    /// all the time; glibc keeps the freed pages in its heap (~3 MB after 1,000 results), where
    /// only the top of the heap is ever returned. Once the activity has settled for
    /// `settleMilliseconds`, the free pages anywhere in the heap go back to the system.
    @MainActor static func releaseFreeMemoryWhenSettled() {
        Timeout.cancel(pendingRelease)
        pendingRelease = Timeout.after(milliseconds: settleMilliseconds) {
            pendingRelease = 0
            let started = ContinuousClock.now
            ghf_release_free_memory()
            releaseMilliseconds.append((ContinuousClock.now - started) / .milliseconds(1))
            if releaseMilliseconds.count > 50 { releaseMilliseconds.removeFirst() }
        }
    }
}
