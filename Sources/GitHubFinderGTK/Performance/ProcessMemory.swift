import CGtkSupport

/// Process-wide memory settings of the app, and giving freed memory back.
public enum ProcessMemory {
    /// Call first thing in `main`, before any thread starts.
    ///
    /// glibc gives each thread that allocates its own malloc arena: the HTTP, GRDB, Dispatch and
    /// Swift concurrency threads would leave some 15 arenas, about twice the memory in use
    /// resident. Two suit an app whose background work is a few requests at a time: glibc gives
    /// the first background thread the second arena and hands both out in turn after that (an
    /// unlocked one first), so the main thread shares its arena with about half of them.
    ///
    /// No fastbins: past each thread's small cache (tcache, 7 chunks a size), glibc keeps freed
    /// chunks of up to 128 bytes aside unmerged, and merges all of them at once
    /// (`malloc_consolidate`) at the arena's next malloc of 1 KiB or more, free that leaves a
    /// 64 KiB chunk, or `malloc_trim`. After a worker freed hundreds of thousands of small chunks
    /// (importing 100,000 favorites), the main thread's next large allocation merged them all:
    /// 59-65 ms main-loop stalls in 2 of 9 imports (164 ms under `perf`, each time the scheduler
    /// took the main thread off the CPU it was in `malloc_consolidate`). Now each chunk past the
    /// tcache is merged when it is freed, by the thread that frees it: the longest stall of 9
    /// imports was 16.3 ms, the import as fast (3.29-3.46 s against 3.30-3.65).
    public static func configure() {
        ghf_limit_malloc_arenas(2)
        ghf_disable_malloc_fastbins()
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
