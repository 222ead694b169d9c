import CGtkSupport
import Foundation

/// A value computed on a thread of its own, below the main thread's priority; `value` waits for it.
///
/// It opens the favorites file while GTK starts up. On two cores shared with the display server
/// and GTK's own threads, an open at the main thread's priority took turns from it: the window's
/// first frame came 2 ms later (`GHF_STARTUP_TRACE`, median of 31 starts). Below it, the open
/// runs in the main thread's waits (X and D-Bus round trips) and is still done by activation.
final class BackgroundWork<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Value?

    init(_ work: @escaping @Sendable () -> Value) {
        let thread = Thread {
            ghf_lower_thread_priority()
            self.result = work()
            self.done.signal()
        }
        thread.name = "ghf-background"
        thread.start()
    }

    var value: Value {
        done.wait()
        done.signal()
        return result!
    }
}
