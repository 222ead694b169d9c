import CGtk

/// A GtkProgressBar: how much of a long task is done.
final class ProgressBar: Widget {
    override class var gtkType: GType { gtk_progress_bar_get_type() }

    /// Sets the fraction done (0…1) unless it already shows.
    func setFraction(_ fraction: Double) {
        let clamped = min(max(fraction, 0), 1)
        if gtk_progress_bar_get_fraction(opaque) != clamped { gtk_progress_bar_set_fraction(opaque, clamped) }
    }
}
