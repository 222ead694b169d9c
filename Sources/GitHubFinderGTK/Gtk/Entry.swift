import CGtk
import CGtkSupport

/// A widget with editable text (GtkEditable): the search entries and the token field.
class TextEntry: Widget {
    var text: String { gtk_editable_get_text(opaque).map { String(cString: $0) } ?? "" }

    /// Sets the text unless it is already there (a new text moves the cursor and emits "changed").
    func setText(_ text: String) {
        if self.text != text { gtk_editable_set_text(opaque, text) }
    }

    func selectAllText() { gtk_editable_select_region(opaque, 0, -1) }

    /// Focuses the entry with the cursor at the end, keeping its text unselected (a plain grab
    /// selects everything, so the next key would replace what was typed).
    func focusKeepingText() {
        gtk_widget_grab_focus(pointer)
        gtk_editable_set_position(opaque, -1)
    }

    func onChanged(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.on(raw, "changed", action) }

    /// Enter pressed in the entry.
    func onActivate(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.on(raw, "activate", action) }
}

/// A GtkSearchEntry.
final class SearchEntry: TextEntry {
    override class var gtkType: GType { gtk_search_entry_get_type() }

    /// What the entry says while empty (GTK 4.8 has the property but no setter).
    func setPlaceholder(_ text: String) { ghf_object_set_string(pointer, "placeholder-text", text) }

    /// Down pressed in the entry: `action` moves focus into the results (past the scope switch,
    /// which directional focus would visit first). Other keys go on as before.
    func onArrowDown(_ action: @escaping @MainActor () -> Bool) -> SignalConnection {
        let keys = gtk_event_controller_key_new()!
        let connection = Signals.onKeyPressed(UnsafeMutableRawPointer(keys)) { keyval, _ in
            keyval == UInt32(GDK_KEY_Down) && action()
        }
        gtk_widget_add_controller(pointer, keys)
        return connection
    }

    /// Escape pressed in the entry.
    func onStopSearch(_ action: @escaping @MainActor () -> Void) -> SignalConnection { Signals.on(raw, "stop-search", action) }

    /// Keys typed anywhere in `widget` go to this entry (type-to-search); nil stops it.
    func captureKeys(from widget: Widget?) { gtk_search_entry_set_key_capture_widget(opaque, widget?.pointer) }
}

/// A GtkPasswordEntry with the peek icon.
final class PasswordEntry: TextEntry {
    override class var gtkType: GType { gtk_password_entry_get_type() }

    convenience init(widthChars: Int32) {
        self.init(gtk_password_entry_new())
        gtk_password_entry_set_show_peek_icon(opaque, 1)
        gtk_editable_set_width_chars(opaque, widthChars)
    }
}
