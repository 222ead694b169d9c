import CGtk

/// GTK 4.8 has no AdwStatusPage: an icon, a title, a description and an optional button,
/// centred. The title text is what assistive technologies read first.
///
/// Wrapping labels cost a height-for-width negotiation with several Pango layouts each (measured:
/// 12–20 ms of the first frame for two pages), so titles never wrap and fixed descriptions carry
/// their own line breaks; only long text from elsewhere (GitHub's messages, errors) wraps.
@MainActor
struct StatusPage {
    let root: Widget
    let title: Widget
    let description: Widget
    /// A line under the description for text that changes while the page shows (a countdown):
    /// it never wraps, so an update re-measures one line, not a wrapped paragraph.
    let footnote: Widget
    let button: Widget?

    init(icon: String, title: String, description: String = "", buttonLabel: String? = nil) {
        root = Widget.box(GTK_ORIENTATION_VERTICAL, spacing: 12, classes: ["status-page"])
        root.center()
        root.setMargins(24)
        root.setExpand(horizontal: true, vertical: true)
        let image = Widget.image(icon: icon, pixelSize: 96)
        image.hideFromAccessibility()
        root.append(image)
        self.title = Widget.label(title, classes: ["title"], xalign: 0.5)
        self.title.setEllipsize()
        self.title.setJustifyCenter()
        root.append(self.title)
        self.description = Widget.label(description, classes: ["description"], xalign: 0.5)
        self.description.setJustifyCenter()
        self.description.setWrap(Self.needsWrapping(description))
        self.description.setVisible(!description.isEmpty)
        root.append(self.description)
        footnote = Widget.label("", classes: ["description", "numeric"], xalign: 0.5)
        footnote.setVisible(false)
        root.append(footnote)
        if let buttonLabel {
            let button = Widget.button(label: buttonLabel, classes: ["pill", "suggested-action"])
            button.setAlign(horizontal: GTK_ALIGN_CENTER)
            root.append(button)
            self.button = button
        } else {
            self.button = nil
        }
    }

    func setDescription(_ text: String) {
        description.setWrap(Self.needsWrapping(text))
        description.setText(text)
        description.setVisible(!text.isEmpty)
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
