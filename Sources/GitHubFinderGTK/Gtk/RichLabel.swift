import CGtk
import CGtkSupport
import GitHubFinderCore

/// A GtkLabel showing a README's styled text and links: its markup comes only from `RunMarkup`,
/// which escapes every run. Wraps, selectable. Activating a link calls `onLink` with the judged
/// link; GTK itself never opens an address from a README.
final class RichLabel: Widget {
    override class var gtkType: GType { gtk_label_get_type() }

    private var links: [String: MarkdownLink] = [:]
    private var connection: SignalConnection?

    /// A paragraph or table cell; `heading` (1-6) makes it a heading for screen readers.
    convenience init(_ content: RunMarkup, heading: Int? = nil, onLink: @escaping @MainActor (MarkdownLink) -> Void) {
        if let heading {
            self.init(ghf_widget_new_with_role(gtk_label_get_type(), GTK_ACCESSIBLE_ROLE_HEADING))
            ghf_accessible_set_level(pointer, Int32(heading))
        } else {
            self.init(gtk_label_new(nil))
        }
        gtk_label_set_markup(opaque, content.markup)
        gtk_label_set_xalign(opaque, 0)
        gtk_label_set_wrap(opaque, 1)
        gtk_label_set_wrap_mode(opaque, PANGO_WRAP_WORD_CHAR)
        // Never narrower than 20 characters (or its whole text, when shorter): to find how narrow
        // a wrapping label can be, GTK 4.8 otherwise lays its text out at width 0, one character
        // a line (1.3 ms for a paragraph of 220 bytes, against 0.23 ms with this).
        gtk_label_set_width_chars(opaque, Int32(min(content.text.count, Self.minimumCharacters)))
        gtk_label_set_selectable(opaque, 1)
        // Not a Tab stop of its own unless it has links: a long README would take hundreds of
        // presses to get through. Its text can still be selected with the pointer.
        if content.links.isEmpty { gtk_widget_set_focusable(pointer, 0) }
        links = content.links
        connection = Signals.onActivateLink(raw) { [weak self] href in
            // An address the label made up itself opens nothing either.
            if let link = self?.links[href] { onLink(link) }
            return true
        }
    }

    var text: String { gtk_label_get_text(opaque).map { String(cString: $0) } ?? "" }

    /// Shown but not selectable (an expander's summary: a click opens it).
    func setUnselectable() { gtk_label_set_selectable(opaque, 0) }

    /// Centred lines (`<p align="center">`).
    func center() {
        gtk_label_set_xalign(opaque, 0.5)
        gtk_label_set_justify(opaque, GTK_JUSTIFY_CENTER)
    }

    func setXAlign(_ xalign: Float) { gtk_label_set_xalign(opaque, xalign) }

    /// Never narrower than `characters` (it wraps past that).
    func setMinimumCharacters(_ characters: Int) { gtk_label_set_width_chars(opaque, Int32(characters)) }

    /// Wrapped between words only, never inside one (a table cell, as GitHub's: a column is at
    /// least its longest word wide, and a table too wide for the pane scrolls sideways).
    func keepWordsWhole() { gtk_label_set_wrap_mode(opaque, PANGO_WRAP_WORD) }

    private static var minimumCharacters: Int { 20 }
}
