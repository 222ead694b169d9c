import CGtk

/// Text made safe to put where GLib reads Pango or GtkBuilder markup (`&`, `<`, `>`, quotes).
enum Markup {
    static func escaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return "" }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
