import GitHubFinderCore

/// A README or release notes (`MarkdownDocument`) as GTK widgets in a column: headings,
/// paragraphs with links, code with Copy, lists, quotes, tables, rules and `<details>`.
///
/// Built a slice a main-loop turn (at most `sliceMilliseconds` of building each), top down, so
/// a long README (GRDB's ~1,900 blocks, a 500-row table) never holds the window: the first
/// screen shows at once and the rest follows while the user reads.
@MainActor
final class MarkdownView {
    let root: Box
    /// A link was activated (anchors included: the owner scrolls to `heading(for:)`).
    var onLink: (@MainActor (MarkdownLink) -> Void)?
    /// An image was built (its owner loads it when it comes near the view).
    var onImage: (@MainActor (ReadmeImage) -> Void)?
    /// Every block of the document shown is built.
    private(set) var isBuilt = true

    private var document = MarkdownDocument()
    private var next = 0
    /// Where blocks go: the view's column, or the open `<details>` inside it.
    private var containers: [Box] = []
    /// A table whose rows are still being added.
    private var table: (grid: Grid, content: MarkdownTable, row: Int)?
    /// The texts shown, top down, kept alive with their link handlers.
    private var shownTexts: [ShownText] = []
    private var connections: [SignalConnection] = []
    private var headings: [String: Widget] = [:]
    /// Kept with their link handlers and loads.
    private var images: [ReadmeImage] = []
    private var work: UInt32 = 0

    /// Release notes are `compact`: their headings no bigger than the section's own.
    private let compact: Bool

    init(compact: Bool = false) {
        self.compact = compact
        root = Box(.vertical, spacing: compact ? 8 : 12, classes: ["readme"])
    }

    isolated deinit {
        Timeout.cancel(work)
    }

    /// Shows `document` in place of what was shown (nothing is rebuilt when it is the same).
    func show(_ document: MarkdownDocument) {
        guard document != self.document || containers.isEmpty else { return }
        Timeout.cancel(work)
        work = 0
        root.removeAll()
        shownTexts = []
        connections = []
        headings = [:]
        images = []
        table = nil
        containers = [root]
        self.document = document
        next = 0
        isBuilt = document.blocks.isEmpty
        buildSlice()
    }

    /// The heading `anchor` points at (`#getting-started`), once built.
    func heading(for anchor: String) -> Widget? { headings[anchor] }

    /// The texts of the labels built so far, top down (what a reader sees; for tests).
    var texts: [String] { shownTexts.map(\.text) }

    /// The link widgets built so far, named by their text (for tests).
    var links: [(name: String, widget: Button)] {
        shownTexts.flatMap { text -> [(name: String, widget: Button)] in
            if case .linked(let view) = text { return view.links }
            return []
        }
    }

    @MainActor
    private enum ShownText {
        case label(RichLabel)
        case linked(LinkedText)

        var text: String {
            switch self {
            case .label(let label): label.text
            case .linked(let view): view.text
            }
        }
    }

    // MARK: Building

    private func buildSlice() {
        let deadline = ContinuousClock.now + .milliseconds(Self.sliceMilliseconds)
        while ContinuousClock.now < deadline {
            if let pending = table {
                addTableRows(pending, until: deadline)
                continue
            }
            guard next < document.blocks.count else { break }
            let block = document.blocks[next]
            next += 1
            build(block)
        }
        if table != nil || next < document.blocks.count {
            work = Timeout.idle { [weak self] in
                self?.work = 0
                self?.buildSlice()
            }
        } else {
            isBuilt = true
        }
    }

    private func build(_ block: MarkdownBlock) {
        switch block.content {
        case .paragraph(let runs) where runs.contains { $0.image != nil }:
            place(imageParagraph(runs, centered: block.centered), block)
        case .paragraph(let runs):
            place(paragraph(runs, centered: block.centered), block)
        case .heading(let level, let runs, let anchor):
            let label = label(RunMarkup(runs), heading: level)
            label.addClass(level <= 4 && !compact ? "title-\(level + 1)" : "heading")
            label.addClass("readme-heading")
            if block.centered { label.center() }
            if headings[anchor] == nil { headings[anchor] = label }
            place(label, block)
        case .code(let language, let text):
            place(codeBlock(language: language, text: text), block)
        case .table(let content):
            let grid = Grid(rowSpacing: 6, columnSpacing: 18, classes: ["readme-table"])
            place(ScrolledWindow(sideways: grid), block)
            table = (grid, content, 0)
        case .rule:
            place(Separator(.horizontal), block)
        case .notice(let text):
            let notice = Label(text, classes: ["dim-label"])
            notice.setWrap()
            place(notice, block)
        case .detailsStart(let runs):
            let content = Box(.vertical, spacing: 12)
            content.setMargins(6)
            let summary = label(RunMarkup(runs))
            summary.setUnselectable()
            place(Expander(label: summary, child: content), block)
            containers.append(content)
        case .detailsEnd:
            if containers.count > 1 { containers.removeLast() }
        }
    }

    /// Puts a block's widget in the open container, indented by its lists and quotes, after
    /// its list marker when it starts an item.
    private func place(_ widget: Widget, _ block: MarkdownBlock) {
        var placed = widget
        var indent = Int32(block.listDepth) * Self.listIndent
        if let marker = block.marker {
            let item = Box(.horizontal, spacing: 6)
            let mark = markerWidget(marker)
            mark.setSize(width: Self.listIndent - 6, height: -1)
            mark.setAlign(vertical: .start)
            item.append(mark)
            widget.setExpand(horizontal: true)
            item.append(widget)
            placed = item
            indent -= Self.listIndent
        }
        placed.setMarginStart(indent + Int32(block.quoteDepth) * Self.quoteIndent)
        if block.quoteDepth > 0 { placed.addClass("readme-quote") }
        containers.last?.append(placed)
    }

    private func markerWidget(_ marker: MarkdownListMarker) -> Widget {
        switch marker {
        case .bullet, .number:
            return Label(marker.text, xalign: 1)
        case .task(let checked):
            // Read-only: a README's task list is not the reader's to tick.
            let check = CheckButton()
            check.setActive(checked)
            check.setSensitive(false)
            check.setAlign(horizontal: .end)
            return check
        }
    }

    /// A label, or when it has links a `LinkedText`, whose links screen readers can reach.
    private func paragraph(_ runs: [MarkdownRun], centered: Bool = false, bold: Bool = false, inCell: Bool = false) -> Widget {
        guard runs.contains(where: { $0.link != nil }) else {
            let markup = RunMarkup(runs, bold: bold)
            let label = label(markup)
            if centered { label.center() }
            // A short cell ("from: 2.0.0") is not wrapped; a long one wraps past a few words.
            if inCell { label.setMinimumCharacters(min(markup.text.count, Self.cellCharacters)) }
            return label
        }
        let view = LinkedText(RunMarkup.pieces(runs, bold: bold)) { [weak self] link in self?.onLink?(link) }
        if centered { view.center() }
        shownTexts.append(.linked(view))
        // A GtkTextView asks for the width of its longest line at least; in this wrapper it
        // wraps to the width it is given, as a label does.
        return ScrolledWindow(wrapping: view, natural: inCell)
    }

    /// Images side by side (a README's badges, its logo), wrapping onto new lines, with the text
    /// between them.
    private func imageParagraph(_ runs: [MarkdownRun], centered: Bool) -> Widget {
        let flow = FlowBox(spacing: 6, classes: ["readme-images"])
        let imagesBefore = images.count
        if centered { flow.setAlign(horizontal: .center) }
        var text: [MarkdownRun] = []
        let flush = { [unowned self] in
            if text.contains(where: { !$0.text.allSatisfy(\.isWhitespace) }) { flow.append(paragraph(text)) }
            text = []
        }
        for run in runs {
            guard let image = run.image else {
                text.append(run)
                continue
            }
            flush()
            let view = ReadmeImage(image, description: run.text) { [weak self] link in self?.onLink?(link) }
            images.append(view)
            flow.append(view.root)
            onImage?(view)
        }
        flush()
        flow.setMinimumPerLine(min(images.count - imagesBefore, Self.imagesPerLine))
        return flow
    }

    private func label(_ markup: RunMarkup, heading: Int? = nil) -> RichLabel {
        let label = RichLabel(markup, heading: heading) { [weak self] link in self?.onLink?(link) }
        shownTexts.append(.label(label))
        return label
    }

    /// Monospace, scrolled sideways, with a Copy button.
    private func codeBlock(language: String, text: String) -> Widget {
        let block = Box(.vertical, spacing: 0, classes: ["readme-code"])
        let bar = Box(.horizontal, spacing: 6)
        let name = Label(language, classes: ["dim-label", "caption"])
        name.setExpand(horizontal: true)
        bar.append(name)
        let copy = Button(icon: "edit-copy-symbolic", classes: ["flat"])
        copy.setAccessibleLabel(ReadmeViewModel.copyLabel)
        copy.setTooltip(ReadmeViewModel.copyLabel)
        connections.append(copy.onClicked { [weak copy] in
            guard let copy else { return }
            copy.copyToClipboard(text)
            // A check mark for a moment says it was copied.
            copy.setIcon("object-select-symbolic")
            _ = Timeout.after(milliseconds: 1_500) { [weak copy] in copy?.setIcon("edit-copy-symbolic") }
        })
        bar.append(copy)
        block.append(bar)
        let code = Label(text, classes: ["monospace"])
        code.setSelectable()
        code.setMargins(6)
        block.append(ScrolledWindow(sideways: code))
        return block
    }

    private func addTableRows(_ pending: (grid: Grid, content: MarkdownTable, row: Int), until deadline: ContinuousClock.Instant) {
        var row = pending.row
        let rows = pending.content.rows
        while row < rows.count, ContinuousClock.now < deadline {
            for (column, cell) in rows[row].enumerated() {
                let alignment = column < pending.content.alignments.count ? pending.content.alignments[column] : .leading
                let cell = paragraph(cell, bold: row == 0, inCell: true)
                cell.setAlign(horizontal: alignment == .center ? .center : alignment == .trailing ? .end : .start)
                pending.grid.attach(cell, column: column, row: row)
            }
            row += 1
        }
        table = row < rows.count ? (pending.grid, pending.content, row) : nil
    }

    /// Building a slice, then GTK measuring what it added, must stay well inside a frame: no
    /// main-loop stall over 50 ms while a long README appears (DESIGN §6).
    private static var sliceMilliseconds: Int { 6 }
    private static var listIndent: Int32 { 24 }
    private static var quoteIndent: Int32 { 14 }
    private static var cellCharacters: Int { 24 }
    /// Images a line of badges always has room for.
    private static var imagesPerLine: Int { 4 }
}
