import CGtk
import CGtkSupport
import GitHubFinderCore

/// A state page (AdwStatusPage): an icon, a title, a description and, in its child, an optional
/// button and a footnote. The title is what assistive technologies read first. Text from
/// elsewhere (GitHub's messages, errors) is escaped: libadwaita reads the description as markup.
@MainActor
final class StatusPage {
    let root: Widget
    /// A line under the description for text that changes while the page shows (a countdown):
    /// it never wraps, so an update re-measures one line, not a wrapped paragraph.
    let footnote: Label
    let button: Button?
    private let extras: Box

    /// The page for `content` (its icon, title and button; `show` sets the texts that change).
    /// Always libadwaita's compact style: it fits the 360 px sidebar, and its 96 px icons are the
    /// theme's PNGs, where 128 px ones are SVGs that would load librsvg.
    init(_ content: StatePage) {
        root = Widget(adw_status_page_new())
        root.setExpand(horizontal: true, vertical: true)
        root.addClass("compact")
        adw_status_page_set_icon_name(root.opaque, content.icon)
        adw_status_page_set_title(root.opaque, content.title)
        extras = Box(.vertical, spacing: 12)
        footnote = Label("", classes: ["dim-label", "numeric"], xalign: 0.5)
        extras.append(footnote)
        button = content.button.map { label in
            let button = Button(label: label, classes: ["pill", "suggested-action"])
            button.setAlign(horizontal: .center)
            return button
        }
        if let button { extras.append(button) }
        adw_status_page_set_child(root.opaque, extras.pointer)
        show(content)
    }

    /// Sets what may change while the page shows: the description and the footnote.
    func show(_ content: StatePage) {
        setDescription(content.description)
        footnote.show(content.footnote)
        ghf_status_page_set_wrap(root.pointer, extras.pointer, content.fitsUnwrapped ? 0 : 1)
    }

    /// Puts `widget` under the page's button and footnote (the recent searches on the start page).
    func appendExtra(_ widget: Widget) { extras.append(widget) }

    var title: String { adw_status_page_get_title(root.opaque).map { String(cString: $0) } ?? "" }

    var description: String { adw_status_page_get_description(root.opaque).map { String(cString: $0) } ?? "" }

    /// Sets the description unless it is already showing: a new one lays the page out again.
    private func setDescription(_ text: String) {
        let markup = text.isEmpty ? nil : Markup.escaped(text)
        guard markup != adw_status_page_get_description(root.opaque).map({ String(cString: $0) }) else { return }
        adw_status_page_set_description(root.opaque, markup)
    }
}

/// The state pages of a stack, one per `StatePage.name`, each made the first time it shows.
@MainActor
final class StatePages {
    private let stack: Stack
    private let onButton: @MainActor (StatePage) -> Void
    private var pages: [String: StatusPage] = [:]
    private var buttonConnections: [SignalConnection] = []

    /// `onButton`: what the page's button (Retry, Sign In…) does.
    init(in stack: Stack, onButton: @escaping @MainActor (StatePage) -> Void = { _ in }) {
        self.stack = stack
        self.onButton = onButton
    }

    /// Shows the page of `content`, its changing texts set.
    func show(_ content: StatePage) {
        if let page = pages[content.name] {
            page.show(content)
        } else {
            let page = StatusPage(content)
            if let button = page.button {
                buttonConnections.append(button.onClicked { [onButton] in onButton(content) })
            }
            stack.addNamed(page.root, content.name)
            pages[content.name] = page
        }
        stack.showChild(content.name)
    }

    subscript(name: String) -> StatusPage? { pages[name] }
}
