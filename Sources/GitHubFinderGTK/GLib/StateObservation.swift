import Foundation
import Observation

/// Renders a view model's state now and again after every change (Observation framework).
/// The change is applied on the main queue (bridged into GLib's loop), after the mutation ends.
@MainActor
final class StateObservation {
    private var active = true

    init<Value>(_ read: @escaping @MainActor () -> Value, apply: @escaping @MainActor (Value) -> Void) {
        track(read, apply)
    }

    func cancel() { active = false }

    private func track<Value>(_ read: @escaping @MainActor () -> Value, _ apply: @escaping @MainActor (Value) -> Void) {
        guard active else { return }
        let value = withObservationTracking { read() } onChange: { [weak self] in
            DispatchQueue.main.async {
                MainActor.assumeIsolated { self?.track(read, apply) }
            }
        }
        apply(value)
    }
}
