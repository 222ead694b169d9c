import Foundation

/// The longest the main loop went without getting back to a 5 ms heartbeat while a long task
/// ran (e.g. "Add everyone you follow to Favorites"): how long a frame could have waited. Only
/// with `GHF_DEBUG_STATS` (read by `make bench`); otherwise it never runs a timer.
@MainActor
final class MainLoopStalls {
    private static let interval: UInt32 = 5
    private let enabled = !(ProcessInfo.processInfo.environment["GHF_DEBUG_STATS"] ?? "").isEmpty
    private var timer: UInt32 = 0
    private var last: ContinuousClock.Instant?
    /// The longest gap beyond the heartbeat's interval, over every run so far.
    private(set) var longestMilliseconds = 0.0
    /// The longest gap of the run being watched, or of the last one.
    private(set) var runLongestMilliseconds = 0.0
    /// Runs watched to their end.
    private(set) var runs = 0
    /// Gaps over a 60 Hz frame (16 ms) of the run being watched (or the last one), as
    /// milliseconds since their run began, for the report.
    private(set) var longGaps: [(at: Double, milliseconds: Double)] = []
    /// Gaps over 40 ms of every run, with when they ended (CLOCK_MONOTONIC seconds, the clock
    /// `perf record -k CLOCK_MONOTONIC` stamps its samples with): where to look in a profile.
    /// Beside each, what the main thread did meanwhile: the CPU it used (the rest it waited), and
    /// how often it gave the CPU up waiting (voluntary: a poll, a lock, a round trip) or had it
    /// taken (involuntary: another thread or process ran).
    /// And where the time went by frame phase, with the list work done (`FrameWork`).
    private(set) var bigGaps: [BigGap] = []
    private var lastThread = ThreadUsage()
    private var lastWork = FrameWork.Totals()

    struct BigGap {
        var endedAt: Double, milliseconds: Double, cpuMilliseconds: Double, waits: Int, preemptions: Int
        var work: FrameWork.Totals
    }
    private var started: ContinuousClock.Instant?

    func watch(_ running: Bool) {
        guard enabled, running != (timer != 0) else { return }
        if running {
            last = .now
            lastThread = ThreadUsage()
            lastWork = FrameWork.now
            started = last
            runLongestMilliseconds = 0
            longGaps = []
            timer = Timeout.every(milliseconds: Self.interval) { [weak self] in
                self?.beat()
                return true
            }
        } else {
            beat()
            Timeout.cancel(timer)
            timer = 0
            runs += 1
        }
    }

    private func beat() {
        let now = ContinuousClock.now
        let thread = ThreadUsage()
        let work = FrameWork.now
        defer { lastThread = thread; lastWork = work }
        if let last {
            let gap = now - last
            let milliseconds = Self.milliseconds(gap) - Double(Self.interval)
            longestMilliseconds = max(longestMilliseconds, milliseconds)
            runLongestMilliseconds = max(runLongestMilliseconds, milliseconds)
            if milliseconds > 16, let started, longGaps.count < 200 {
                longGaps.append((Self.milliseconds(last - started), milliseconds))
            }
            if milliseconds > 40, bigGaps.count < 100 {
                var clock = timespec()
                clock_gettime(CLOCK_MONOTONIC, &clock)
                bigGaps.append(BigGap(endedAt: Double(clock.tv_sec) + Double(clock.tv_nsec) / 1e9, milliseconds: milliseconds,
                                      cpuMilliseconds: thread.cpuMilliseconds - lastThread.cpuMilliseconds, waits: thread.waits - lastThread.waits,
                                      preemptions: thread.preemptions - lastThread.preemptions, work: work - lastWork))
            }
        }
        last = now
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
    }
}

/// The calling thread's CPU time and context switches so far.
private struct ThreadUsage {
    var cpuMilliseconds = 0.0, waits = 0, preemptions = 0

    init() {
        var usage = rusage()
        // RUSAGE_THREAD (1): glibc declares it only under _GNU_SOURCE, which Swift's Glibc lacks.
        guard getrusage(__rusage_who_t(1), &usage) == 0 else { return }
        cpuMilliseconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1_000
        waits = usage.ru_nvcsw
        preemptions = usage.ru_nivcsw
    }
}
