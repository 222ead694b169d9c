import CGtk

/// An AdwPreferencesGroup: a titled group of rows, with a description under the title.
final class PreferencesGroup: Widget {
    override class var gtkType: GType { adw_preferences_group_get_type() }

    /// The description as shown (libadwaita 1.2 answers the label's parsed text).
    var groupDescription: String { adw_preferences_group_get_description(cast()).map { String(cString: $0) } ?? "" }

    /// Plain text. libadwaita 1.2 reads a group's description as Pango markup (and has no switch
    /// for it), and it carries server text (a refusal's reason, an address): it is escaped.
    func setDescription(_ text: String) {
        if groupDescription != text { adw_preferences_group_set_description(cast(), Markup.escaped(text)) }
    }

    /// A row goes into the group's list, after its other rows; any other widget below the list.
    func add(_ child: Widget) { adw_preferences_group_add(cast(), child.pointer) }

    func remove(_ child: Widget) { adw_preferences_group_remove(cast(), child.pointer) }

    /// Plain text (escaped, as the description).
    func setTitle(_ text: String) { adw_preferences_group_set_title(cast(), Markup.escaped(text)) }
}

/// An AdwActionRow: a title, a second line, and widgets at its end. Plain text: libadwaita reads
/// a row's title and subtitle as markup unless told not to, and the title can be a login.
final class ActionRow: Widget {
    override class var gtkType: GType { adw_action_row_get_type() }

    required init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
        super.init(pointer)
        adw_preferences_row_set_use_markup(cast(), 0)
    }

    convenience init() { self.init(adw_action_row_new()) }

    var title: String { adw_preferences_row_get_title(cast()).map { String(cString: $0) } ?? "" }
    var subtitle: String { adw_action_row_get_subtitle(cast()).map { String(cString: $0) } ?? "" }
    func setTitle(_ title: String) { adw_preferences_row_set_title(cast(), title) }
    func setSubtitle(_ subtitle: String) { adw_action_row_set_subtitle(cast(), subtitle) }
    func addPrefix(_ widget: Widget) { adw_action_row_add_prefix(cast(), widget.pointer) }
    func addSuffix(_ widget: Widget) { adw_action_row_add_suffix(cast(), widget.pointer) }

    /// Activating the row (a click anywhere on it, Enter) activates `widget`.
    func setActivatableWidget(_ widget: Widget) { adw_action_row_set_activatable_widget(cast(), widget.pointer) }
}

/// An AdwEntryRow (libadwaita 1.2): a titled text field in a list, with an apply button.
final class EntryRow: TextEntry {
    override class var gtkType: GType { adw_entry_row_get_type() }

    /// The title as plain text (libadwaita reads it as markup unless told not to).
    func setTitle(_ title: String) {
        adw_preferences_row_set_use_markup(cast(), 0)
        adw_preferences_row_set_title(cast(), title)
    }

    /// Enter pressed in the field.
    func onEntryActivated(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.on(raw, "entry-activated", action) }

    /// The apply button (✓), or Enter after an edit.
    func onApply(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.on(raw, "apply", action) }
}

/// An AdwComboRow: a titled row whose value is picked from a list of words.
final class ComboRow: Widget {
    override class var gtkType: GType { adw_combo_row_get_type() }

    required init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
        super.init(pointer)
        adw_preferences_row_set_use_markup(cast(), 0)
    }

    func setTitle(_ title: String) { adw_preferences_row_set_title(cast(), title) }

    /// The words offered, in order.
    func setChoices(_ choices: [String]) {
        let list = CStrings.withNullTerminated(choices) { gtk_string_list_new($0) }
        adw_combo_row_set_model(cast(), list)
        g_object_unref(UnsafeMutableRawPointer(list))
    }

    var selected: Int { Int(adw_combo_row_get_selected(cast())) }

    func select(_ index: Int) {
        if selected != index { adw_combo_row_set_selected(cast(), guint(index)) }
    }

    func onSelected(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.onNotify(raw, "selected", action) }
}
