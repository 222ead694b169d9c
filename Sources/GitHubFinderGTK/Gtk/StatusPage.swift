import CGtk
import CGtkSupport
import GitHubFinderCore

/// A state page (AdwStatusPage): an icon, a title, a description and, in its child, an optional
/// button and a footnote. The title is what assistive technologies read first. Text from
/// elsewhere (GitHub's messages, errors) is escaped: libadwaita reads the description as markup.
@MainActor
struct StatusPage {
    let root: Widget
    /// A line under the description for text that changes while the page shows (a countdown):
    /// it never wraps, so an update re-measures one line, not a wrapped paragraph.
    let footnote: Widget
    let button: Widget?

    /// `compact`: the smaller style, for the 360 px sidebar.
    init(icon: String, title: String, description: String = "", buttonLabel: String? = nil, compact: Bool = false) {
        root = Widget(adw_status_page_new())
        root.setExpand(horizontal: true, vertical: true)
        if compact { root.addClass("compact") }
        adw_status_page_set_icon_name(root.opaque, icon)
        adw_status_page_set_title(root.opaque, title)
        let extras = Widget.box(GTK_ORIENTATION_VERTICAL, spacing: 12)
        footnote = Widget.label("", classes: ["dim-label", "numeric"], xalign: 0.5)
        footnote.setVisible(false)
        extras.append(footnote)
        if let buttonLabel {
            let button = Widget.button(label: buttonLabel, classes: ["pill", "suggested-action"])
            button.setAlign(horizontal: GTK_ALIGN_CENTER)
            extras.append(button)
            self.button = button
        } else {
            self.button = nil
        }
        adw_status_page_set_child(root.opaque, extras.pointer)
        setDescription(description)
    }

    /// The page for `content` (its icon, title and button; `show` sets the texts that change).
    init(_ content: StatePage, compact: Bool = false) {
        self.init(icon: content.icon, title: content.title, description: content.description, buttonLabel: content.button, compact: compact)
        setFootnote(content.footnote)
        setWrapping(!content.fitsUnwrapped)
    }

    private func setWrapping(_ wraps: Bool) {
        ghf_status_page_set_wrap(root.pointer, adw_status_page_get_child(root.opaque), wraps ? 1 : 0)
    }

    /// Sets what may change while the page shows: the description and the footnote.
    func show(_ content: StatePage) {
        setDescription(content.description)
        setFootnote(content.footnote)
        setWrapping(!content.fitsUnwrapped)
    }

    var title: String { adw_status_page_get_title(root.opaque).map { String(cString: $0) } ?? "" }

    var description: String { adw_status_page_get_description(root.opaque).map { String(cString: $0) } ?? "" }

    /// Sets the description unless it is already showing: a new one lays the page out again.
    func setDescription(_ text: String) {
        guard let escaped = g_markup_escape_text(text, -1) else { return }
        defer { g_free(escaped) }
        let markup = text.isEmpty ? nil : escaped
        if let current = adw_status_page_get_description(root.opaque) {
            if let markup, strcmp(current, markup) == 0 { return }
        } else if markup == nil {
            return
        }
        adw_status_page_set_description(root.opaque, markup)
    }

    func setFootnote(_ text: String?) {
        footnote.setText(text ?? "")
        footnote.setVisible(text != nil)
    }

    /// Text with a line too long for a narrow (360 px) sidebar.
    static func needsWrapping(_ text: String) -> Bool {
        text.split(separator: "\n").contains { $0.count > 44 }
    }
}
