import Foundation
import Observation
import Synchronization

/// Renders a view model's state now and again after every change (Observation framework).
/// The change is applied on the main queue (bridged into GLib's loop), after the mutation ends,
/// or at once by `flush`.
@MainActor
final class StateObservation {
    private var active = true
    /// A change was seen and not rendered yet. Set where the mutation happens (Observation calls
    /// `onChange` on the mutating thread), so it is atomic.
    private let changed = Atomic<Bool>(false)
    private var render: (@MainActor () -> Void)?

    init<Value>(_ read: @escaping @MainActor () -> Value, apply: @escaping @MainActor (Value) -> Void) {
        render = { [unowned self] in track(read, apply) }
        track(read, apply)
    }

    func cancel() {
        active = false
        render = nil
    }

    /// Renders a change now instead of on the main queue's turn, which comes only after GTK has
    /// laid out and drawn the frame the change was made in (a filter keystroke: the list would
    /// show the new rows one frame late).
    func flush() {
        guard changed.exchange(false, ordering: .acquiringAndReleasing) else { return }
        render?()
    }

    private func track<Value>(_ read: @escaping @MainActor () -> Value, _ apply: @escaping @MainActor (Value) -> Void) {
        guard active else { return }
        let value = withObservationTracking { read() } onChange: { [weak self] in
            self?.changed.store(true, ordering: .releasing)
            DispatchQueue.main.async { [weak self] in
                MainActor.assumeIsolated {
                    // Rendered already by `flush`, which tracks again.
                    guard let self, self.changed.exchange(false, ordering: .acquiringAndReleasing) else { return }
                    self.render?()
                }
            }
        }
        apply(value)
    }
}
