import CGtkSupport
import Foundation

/// A value computed on a thread of its own, below the main thread's priority; `value` waits for it.
///
/// It opens the favorites file while GTK starts up. On two cores shared with the display server
/// and GTK's own threads, an open at the main thread's priority took turns from it: the window's
/// first frame came 0.5-2.2 ms later (`GHF_STARTUP_TRACE`, three medians of 31 starts). Below
/// it, the open runs in the main thread's waits (X and D-Bus round trips) and is still done by
/// activation.
/// A GLib thread, not Foundation's `Thread`, whose code would be read in for this one use.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        let job = LowPriorityJob { [self] in
            result = work()
            done.signal()
        }
        // The thread holds the job until it has run (released there).
        ghf_run_on_low_priority_thread("ghf-background", { context in
            Unmanaged<LowPriorityJob>.fromOpaque(context!).takeRetainedValue().run()
        }, Unmanaged.passRetained(job).toOpaque())
    }

    var value: Value {
        done.wait()
        done.signal()
        return result!
    }
}

/// What the thread runs (a C callback cannot capture `BackgroundWork`'s generic value).
private final class LowPriorityJob: Sendable {
    let run: @Sendable () -> Void
    init(_ run: @escaping @Sendable () -> Void) { self.run = run }
}
