import CGtk
import CGtkSupport
import GitHubFinderCore

/// A README paragraph that has links: a read-only GtkTextView whose text wraps as a label's
/// does, with each link a widget in the text (a button with the link role, named by its text).
/// Screen readers and Tab reach every link this way; a GtkLabel's own links cannot be told to
/// screen readers before GTK 4.22 (GtkAccessibleHypertext).
final class LinkedText: Widget {
    override class var gtkType: GType { gtk_text_view_get_type() }

    /// Each link widget, with what it is named.
    private(set) var links: [(name: String, widget: Button)] = []
    private var connections: [SignalConnection] = []

    convenience init(_ pieces: [RunMarkup.Piece], onLink: @escaping @MainActor (MarkdownLink) -> Void) {
        self.init(gtk_text_view_new())
        gtk_text_view_set_editable(cast(), 0)
        gtk_text_view_set_cursor_visible(cast(), 0)
        gtk_text_view_set_wrap_mode(cast(), GTK_WRAP_WORD_CHAR)
        gtk_text_view_set_accepts_tab(cast(), 0)
        addClass("readme-text")
        // Its links are the Tab stops, not the text around them.
        gtk_widget_set_focusable(pointer, 0)
        let buffer = gtk_text_view_get_buffer(cast())!
        var end = GtkTextIter()
        for piece in pieces {
            gtk_text_buffer_get_end_iter(buffer, &end)
            guard let link = piece.link else {
                gtk_text_buffer_insert_markup(buffer, &end, piece.markup, -1)
                continue
            }
            let button = Button(ghf_inline_link_new())
            button.addClass("inline-link")
            let label = gtk_label_new(nil)!
            gtk_label_set_markup(OpaquePointer(label), piece.markup)
            gtk_button_set_child(button.cast(), label)
            button.setAccessibleLabel(piece.text)
            button.setTooltip(RunMarkup.href(link))
            connections.append(button.onClicked { onLink(link) })
            let anchor = gtk_text_buffer_create_child_anchor(buffer, &end)
            gtk_text_view_add_child_at_anchor(cast(), button.pointer, anchor)
            links.append((piece.text, button))
        }
    }

    /// The text with each link's text in its place (what a reader sees).
    var text: String {
        let buffer = gtk_text_view_get_buffer(cast())!
        var iter = GtkTextIter()
        gtk_text_buffer_get_start_iter(buffer, &iter)
        var result = "", next = links.makeIterator()
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(buffer, &end)
        while gtk_text_iter_compare(&iter, &end) < 0 {
            if gtk_text_iter_get_child_anchor(&iter) != nil {
                result += next.next()?.name ?? ""
            } else {
                result.unicodeScalars.append(Unicode.Scalar(gtk_text_iter_get_char(&iter)) ?? " ")
            }
            gtk_text_iter_forward_char(&iter)
        }
        return result
    }

    /// Centred lines (`<p align="center">`).
    func center() { gtk_text_view_set_justification(cast(), GTK_JUSTIFY_CENTER) }
}
