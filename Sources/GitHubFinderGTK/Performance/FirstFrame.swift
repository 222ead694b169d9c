import CGtk
import CGtkSupport
import Foundation

/// Work that waits until a window's first frame is on screen; kept by whoever waits for it.
@MainActor
final class FirstFrame {
    private var mapped: SignalConnection?
    private var painted: SignalConnection?

    /// Runs `action` once, after the first frame of `window` is painted (a window already on
    /// screen: after its next frame).
    init(of window: Window, _ action: @escaping @MainActor () -> Void) {
        let pointer = window.pointer
        let waitForPaint: @MainActor () -> Void = { [weak self] in
            guard let self, painted == nil, let clock = gtk_widget_get_frame_clock(pointer) else { return }
            painted = Signals.on(UnsafeMutableRawPointer(clock), "after-paint") { [weak self] in
                guard let self, painted != nil else { return }
                // Done: no handler is left to run at every later frame.
                mapped = nil
                painted = nil
                action()
            }
        }
        if gtk_widget_get_mapped(pointer) != 0 {
            waitForPaint()
            gtk_widget_queue_draw(pointer)
        } else {
            mapped = Signals.on(window.raw, "map") { waitForPaint() }
        }
    }
}

/// `--benchmark-startup`: the time from process start to the first frame painted.
@MainActor
enum StartupBenchmark {
    static func reportFirstFrame(of window: Window, then done: @escaping @MainActor () -> Void) -> FirstFrame {
        FirstFrame(of: window) {
            StartupTrace.mark("after-paint")
            let milliseconds = ghf_milliseconds_since_process_start()
            FileHandle.standardOutput.write(Data(String(format: "%.1f\n", milliseconds).utf8))
            done()
        }
    }
}
