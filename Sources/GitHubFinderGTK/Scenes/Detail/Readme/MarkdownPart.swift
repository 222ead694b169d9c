import GitHubFinderCore

/// One top-level part of a document (`MarkdownDocument.parts`: a block, or a `<details>` with
/// what it holds) built as GTK widgets into its slot of `MarkdownView`: headings, paragraphs with
/// links, code with Copy, list items, quotes, tables (their rows a slice at a time), rules.
/// It keeps alive what its widgets need (link handlers, Copy buttons, image loads); dropping the
/// part and emptying its slot frees them.
@MainActor
final class MarkdownPart {
    /// The texts shown, top down, kept alive with their link handlers.
    private(set) var texts: [ShownText] = []
    /// Headings by anchor (`#getting-started`).
    private(set) var headings: [String: Widget] = [:]
    private(set) var images: [ReadmeImage] = []
    private var connections: [SignalConnection] = []
    /// What is still being added, a slice at a time, first first: a table's rows, a long code
    /// block's pieces.
    private var pending: [Pending] = []

    private enum Pending {
        case table(grid: Grid, content: MarkdownTable, row: Int)
        case code(box: Box, pieces: [String], next: Int)
    }
    /// Where blocks go: the slot, or the open `<details>` inside it.
    private var containers: [Box]
    private let compact: Bool
    private let onLink: @MainActor (MarkdownLink) -> Void
    private let onImage: @MainActor (ReadmeImage) -> Void

    /// Builds `blocks` into `slot` (a long table's rows and a long code block's pieces follow
    /// with `addPending`).
    init(_ blocks: ArraySlice<MarkdownBlock>, into slot: Box, compact: Bool,
         onLink: @escaping @MainActor (MarkdownLink) -> Void, onImage: @escaping @MainActor (ReadmeImage) -> Void) {
        containers = [slot]
        self.compact = compact
        self.onLink = onLink
        self.onImage = onImage
        for block in blocks { build(block) }
    }

    /// Rows of a table or pieces of code are still to be added.
    var isBuilding: Bool { !pending.isEmpty }

    @MainActor
    enum ShownText {
        case label(RichLabel)
        case linked(LinkedText)

        var text: String {
            switch self {
            case .label(let label): label.text
            case .linked(let view): view.text
            }
        }

        var links: [(name: String, widget: Button)] {
            if case .linked(let view) = self { return view.links }
            return []
        }
    }

    // MARK: Blocks

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
            place(codeBlock(language: language, text: text, pieces: block.codePieces()), block)
        case .table(let content):
            let grid = Grid(rowSpacing: 6, columnSpacing: 18, classes: ["readme-table"])
            place(ScrolledWindow(sideways: grid), block)
            pending.append(.table(grid: grid, content: content, row: 0))
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
            // A grid, not a horizontal box: GTK 4.8's horizontal box takes some 25 times longer
            // to measure a wrapping label than a grid does (6.5 ms for a paragraph of 220 bytes,
            // against 0.25), and a screen of list items held the window 20-45 ms.
            let item = Grid(rowSpacing: 0, columnSpacing: 6)
            let mark = markerWidget(marker)
            mark.setSize(width: Self.listIndent - 6, height: -1)
            mark.setAlign(vertical: .start)
            item.attach(mark, column: 0, row: 0)
            widget.setExpand(horizontal: true)
            item.attach(widget, column: 1, row: 0)
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
            // A short cell ("from: 2.0.0") is not wrapped; a long one wraps past a few words,
            // between words only: a bold header "Protocol" was cut into "Protoc-ol".
            if inCell {
                label.setMinimumCharacters(min(markup.text.count, Self.cellCharacters))
                label.keepWordsWhole()
            }
            return label
        }
        let view = LinkedText(RunMarkup.pieces(runs, bold: bold), onLink: onLink)
        if centered { view.center() }
        texts.append(.linked(view))
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
            let view = ReadmeImage(image, description: run.text, onLink: onLink)
            images.append(view)
            flow.append(view.root)
            onImage(view)
        }
        flush()
        flow.setMinimumPerLine(min(images.count - imagesBefore, Self.imagesPerLine))
        return flow
    }

    private func label(_ markup: RunMarkup, heading: Int? = nil) -> RichLabel {
        let label = RichLabel(markup, heading: heading, onLink: onLink)
        texts.append(.label(label))
        return label
    }

    /// Monospace, scrolled sideways, with a Copy button (which copies `text` whole). A long block
    /// is shown as `pieces`, one label each, added a slice at a time.
    private func codeBlock(language: String, text: String, pieces: [String]) -> Widget {
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
        let lines = Box(.vertical, spacing: 0)
        lines.setMargins(6)
        block.append(ScrolledWindow(sideways: lines))
        if pieces.count == 1 {
            lines.append(codeLabel(pieces[0]))
        } else {
            pending.append(.code(box: lines, pieces: pieces, next: 0))
        }
        return block
    }

    private func codeLabel(_ text: String) -> Label {
        let code = Label(text, classes: ["monospace"])
        code.setSelectable()
        return code
    }

    /// Adds what is pending (a table's rows, a code block's pieces) until `deadline`, or until
    /// about `textBytes` of text were added (at least one row or piece); returns the bytes added.
    func addPending(until deadline: ContinuousClock.Instant, textBytes: Int) -> Int {
        var added = 0
        while let next = pending.first, ContinuousClock.now < deadline, added < max(1, textBytes) {
            switch next {
            case .table(let grid, let content, var row):
                let rows = content.rows
                while row < rows.count, ContinuousClock.now < deadline, added < max(1, textBytes) {
                    added += rows[row].reduce(0) { $0 + $1.reduce(0) { $0 + $1.text.utf8.count } }
                    for (column, cell) in rows[row].enumerated() {
                        let alignment = column < content.alignments.count ? content.alignments[column] : .leading
                        let cell = paragraph(cell, bold: row == 0, inCell: true)
                        cell.setAlign(horizontal: alignment == .center ? .center : alignment == .trailing ? .end : .start)
                        grid.attach(cell, column: column, row: row)
                    }
                    row += 1
                }
                pending[0] = .table(grid: grid, content: content, row: row)
                if row == rows.count { pending.removeFirst() }
            case .code(let box, let pieces, var next):
                while next < pieces.count, ContinuousClock.now < deadline, added < max(1, textBytes) {
                    box.append(codeLabel(pieces[next]))
                    added += pieces[next].utf8.count
                    next += 1
                }
                pending[0] = .code(box: box, pieces: pieces, next: next)
                if next == pieces.count { pending.removeFirst() }
            }
        }
        return added
    }

    private static var listIndent: Int32 { 24 }
    private static var quoteIndent: Int32 { 14 }
    private static var cellCharacters: Int { 24 }
    /// Images a line of badges always has room for.
    private static var imagesPerLine: Int { 4 }
}
