import CGtkSupport

/// Process-wide memory settings of the app (not of the in-process tests).
public enum ProcessMemory {
    /// Call first thing in `main`, before any thread starts.
    ///
    /// glibc gives each thread that allocates its own malloc arena: URLSession's, GRDB's,
    /// Dispatch's and Swift concurrency's threads left ~15 arenas, 5.7 MB resident for 2.8 MB in
    /// use, after a search scrolled through 1,000 results. Two (the main thread's, and one the
    /// background threads share) suit an app whose background work is a few requests at a time.
    public static func configure() {
        ghf_limit_malloc_arenas(2)
    }
}
