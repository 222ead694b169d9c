import CGtk

/// An AdwPreferencesGroup: a titled group of rows, with a description under the title.
final class PreferencesGroup: Widget {
    override class var gtkType: GType { adw_preferences_group_get_type() }

    var groupDescription: String { adw_preferences_group_get_description(cast()).map { String(cString: $0) } ?? "" }

    func setDescription(_ text: String) {
        if groupDescription != text { adw_preferences_group_set_description(cast(), text) }
    }
}

/// An AdwActionRow: a title, a second line, and widgets at its end.
final class ActionRow: Widget {
    override class var gtkType: GType { adw_action_row_get_type() }

    var title: String { adw_preferences_row_get_title(cast()).map { String(cString: $0) } ?? "" }
    var subtitle: String { adw_action_row_get_subtitle(cast()).map { String(cString: $0) } ?? "" }
    func setTitle(_ title: String) { adw_preferences_row_set_title(cast(), title) }
    func setSubtitle(_ subtitle: String) { adw_action_row_set_subtitle(cast(), subtitle) }
}

/// An AdwEntryRow (libadwaita 1.2): a titled text field in a list, with an apply button.
final class EntryRow: TextEntry {
    override class var gtkType: GType { adw_entry_row_get_type() }

    /// The apply button (✓), or Enter after an edit.
    func onApply(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.on(raw, "apply", action) }
}
