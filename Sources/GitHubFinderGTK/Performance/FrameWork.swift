import CGtk
import Foundation

/// With `GHF_DEBUG_STATS` only: where the main thread's time goes, frame phase by frame phase
/// (GDK's frame clock: events, update, layout, paint, and the time between frames, where input,
/// idle callbacks and timers run), and how much list work it did (rows bound and made, list items
/// GTK set up and tore down). `MainLoopStalls` reports both for each stall over 40 ms.
@MainActor
enum FrameWork {
    static let enabled = !(ProcessInfo.processInfo.environment["GHF_DEBUG_STATS"] ?? "").isEmpty

    enum Phase: Int, CaseIterable {
        case between, events, beforePaint, update, layout, paint, afterPaint
        var name: String { ["between", "events", "beforePaint", "update", "layout", "paint", "afterPaint"][rawValue] }
    }

    enum Count: Int, CaseIterable {
        case binds, rowsMade, itemsSetUp, itemsTornDown, scrollFills, idleFills, bindsSkipped
        var name: String { ["binds", "rowsMade", "itemsSetUp", "itemsTornDown", "scrollFills", "idleFills", "bindsSkipped"][rawValue] }
    }

    /// Work timed wherever it runs (inside the phases above).
    enum Section: Int, CaseIterable {
        case bind, rowContent, accessibleName, onScreenAvatars
        var name: String { ["bindMs", "rowContentMs", "accessibleNameMs", "onScreenAvatarsMs"][rawValue] }
    }

    struct Totals {
        var milliseconds = [Double](repeating: 0, count: Phase.allCases.count)
        var counts = [Int](repeating: 0, count: Count.allCases.count)
        var sections = [Double](repeating: 0, count: Section.allCases.count)

        static func - (lhs: Totals, rhs: Totals) -> Totals {
            Totals(milliseconds: zip(lhs.milliseconds, rhs.milliseconds).map { $0 - $1 }, counts: zip(lhs.counts, rhs.counts).map { $0 - $1 },
                   sections: zip(lhs.sections, rhs.sections).map { $0 - $1 })
        }

        /// For the statistics file: each phase in ms (0.1) and each count, by name.
        var json: [String: Any] {
            var values: [String: Any] = [:]
            for phase in Phase.allCases { values[phase.name] = (milliseconds[phase.rawValue] * 10).rounded() / 10 }
            for count in Count.allCases { values[count.name] = counts[count.rawValue] }
            for section in Section.allCases { values[section.name] = (sections[section.rawValue] * 10).rounded() / 10 }
            return values
        }
    }

    private static var totals = Totals()
    private static var phase = Phase.between
    private static var since = ContinuousClock.now
    private static var clock: UnsafeMutableRawPointer?
    private static var connections: [SignalConnection] = []

    static func count(_ what: Count) {
        if enabled { totals.counts[what.rawValue] += 1 }
    }

    /// Runs `work`, its time added to `section`'s.
    static func time<T>(_ section: Section, _ work: () -> T) -> T {
        guard enabled else { return work() }
        let start = ContinuousClock.now
        defer {
            let elapsed = ContinuousClock.now - start
            totals.sections[section.rawValue] += Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        }
        return work()
    }

    /// The totals so far, the phase under way counted up to now.
    static var now: Totals {
        enter(phase)
        return totals
    }

    /// Follows the frame clock of `window` (realized), once.
    static func follow(_ window: Widget) {
        guard enabled, let frameClock = gtk_widget_get_frame_clock(window.pointer) else { return }
        let pointer = UnsafeMutableRawPointer(frameClock)
        guard pointer != clock else { return }
        clock = pointer
        let phases: [(String, Phase)] = [("flush-events", .events), ("before-paint", .beforePaint), ("update", .update), ("layout", .layout),
                                         ("paint", .paint), ("after-paint", .afterPaint), ("resume-events", .between)]
        connections = phases.map { signal, phase in Signals.on(pointer, signal) { enter(phase) } }
    }

    private static func enter(_ next: Phase) {
        let instant = ContinuousClock.now
        let elapsed = instant - since
        totals.milliseconds[phase.rawValue] += Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15
        phase = next
        since = instant
    }
}
