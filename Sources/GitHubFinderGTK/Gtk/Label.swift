import CGtk

/// A GtkLabel. Always plain text: nothing from the server is parsed as markup.
final class Label: Widget {
    override class var gtkType: GType { gtk_label_get_type() }

    convenience init(_ text: String = "", classes: [String] = [], xalign: Float = 0) {
        self.init(gtk_label_new(text))
        gtk_label_set_xalign(opaque, xalign)
        classes.forEach(addClass)
    }

    var text: String { gtk_label_get_text(opaque).map { String(cString: $0) } ?? "" }

    /// Sets the text unless it is already showing (a new text lays the label out again).
    func setText(_ text: String) {
        if self.text != text { gtk_label_set_text(opaque, text) }
    }

    /// Shows `text`, or hides the label when there is none.
    func show(_ text: String?) {
        setText(text ?? "")
        setVisible(text != nil)
    }

    var usesMarkup: Bool { gtk_label_get_use_markup(opaque) != 0 }

    func setWrap(_ wrap: Bool = true) {
        gtk_label_set_wrap(opaque, wrap ? 1 : 0)
        gtk_label_set_wrap_mode(opaque, PANGO_WRAP_WORD_CHAR)
    }
    /// Wraps at words into lines of at most `characters`, centred: a caption that never widens
    /// its column (a homogeneous row takes the widest).
    func setWrapped(atMost characters: Int32) {
        gtk_label_set_wrap(opaque, 1)
        gtk_label_set_wrap_mode(opaque, PANGO_WRAP_WORD)
        gtk_label_set_max_width_chars(opaque, characters)
        gtk_label_set_justify(opaque, GTK_JUSTIFY_CENTER)
    }
    func setEllipsize() { gtk_label_set_ellipsize(opaque, PANGO_ELLIPSIZE_END) }
    /// Wrapped at word ends to at most `lines` lines, the last one ellipsized.
    func setWrapped(lines: Int32) {
        gtk_label_set_wrap(opaque, 1)
        gtk_label_set_wrap_mode(opaque, PANGO_WRAP_WORD_CHAR)
        gtk_label_set_lines(opaque, lines)
        gtk_label_set_ellipsize(opaque, PANGO_ELLIPSIZE_END)
    }
    func setSelectable() { gtk_label_set_selectable(opaque, 1) }
}
