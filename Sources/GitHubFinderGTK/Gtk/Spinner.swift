import CGtk

/// A GtkSpinner.
final class Spinner: Widget {
    override class var gtkType: GType { gtk_spinner_get_type() }
    private var mapConnections: [SignalConnection] = []

    /// A spinner that starts and stops with `setSpinning`.
    convenience init() { self.init(gtk_spinner_new()) }

    func setSpinning(_ spinning: Bool) {
        spinning ? gtk_spinner_start(opaque) : gtk_spinner_stop(opaque)
    }

    /// Spins only while on screen. A spinning `GtkSpinner` on a hidden `GtkStack` page is not
    /// mapped but still runs its CSS animation: every tick queues a resize that the stack never
    /// satisfies (it allocates only its visible page), so the whole window would be laid out
    /// again on every frame while the detail pane (whose "loading" page is a spinner) shows a
    /// profile. Unmapped, it stops; mapped, it spins.
    func spinWhileMapped() {
        // The pointer, not the wrapper: the handlers belong to the spinner, which must not keep
        // its own wrapper alive.
        let spinner = opaque
        mapConnections = [
            Signals.on(raw, "map") { gtk_spinner_start(spinner) },
            Signals.on(raw, "unmap") { gtk_spinner_stop(spinner) },
        ]
    }
}
