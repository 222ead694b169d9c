import CMarkdown
import Foundation

/// Builds a `MarkdownDocument` from cmark-gfm's walk (`ghf_markdown_walk`), one event at a time:
/// containers (quotes, lists, items, tables) are counted on a stack, inline text gathers into
/// runs, and a block is added when its node is left. Raw HTML goes through `HTMLToken`s into
/// the same state, so `<kbd>` in a paragraph and `<details>` around Markdown work alike.
final class MarkdownBuilder {
    private let links: ReadmeLinks
    private let limits: MarkdownLimits
    private var blocks: [MarkdownBlock] = []
    private var blocksLeftOut = 0

    private enum Container {
        case quote
        case list(ordered: Bool, next: Int)
        case table(alignments: [MarkdownAlignment], rows: [[[MarkdownRun]]], rowsLeftOut: Int)
    }
    private var containers: [Container] = []
    private var quoteDepth = 0
    private var listDepth = 0
    private var pendingMarker: MarkdownListMarker?

    // Inline state: the runs of the block being read, and the styles and links around the text.
    private var runs: [MarkdownRun] = []
    private var runBytes = 0
    private var styles: [MarkdownStyle] = []
    private var linkStack: [MarkdownLink?] = []
    private var image: (source: String, width: Int?, description: String)?
    private var row: [[MarkdownRun]]?
    private var headingLevel: Int?
    private var slugs = HeadingSlugs()

    // Raw HTML's state, kept across blocks (`<div align="center">` in one, `</div>` in another).
    private var centeredDepth = 0
    /// Inside `<script>`, `<style>` and the like: everything up to its end tag is dropped.
    private var droppingUntil: String?
    private var inSummary = false
    /// `<a href>` and styles opened by HTML tags, to close them with their end tags.
    private var htmlOpen: [String] = []

    init(links: ReadmeLinks, limits: MarkdownLimits) {
        self.links = links
        self.limits = limits
    }

    func finish() -> MarkdownDocument {
        flushHTMLParagraph()
        if blocksLeftOut > 0 {
            blocks.append(MarkdownBlock(.notice(tr("The rest of this document is too long to show here; read it on GitHub."))))
        }
        return MarkdownDocument(blocks: blocks)
    }

    // MARK: - Events

    func visit(_ event: GhfMarkdownEvent) {
        let entering = event.entering != 0
        // Inside `<script>` and the like only the text is dropped: containers still open and close.
        if droppingUntil != nil, [GHF_MD_TEXT, GHF_MD_CODE, GHF_MD_SOFT_BREAK, GHF_MD_LINE_BREAK].contains(event.kind) { return }
        switch event.kind {
        case GHF_MD_BLOCK_QUOTE:
            if entering { containers.append(.quote); quoteDepth += 1 } else { _ = containers.popLast(); quoteDepth = max(0, quoteDepth - 1) }
        case GHF_MD_LIST:
            if entering {
                containers.append(.list(ordered: event.list_ordered != 0, next: Int(event.list_start)))
                listDepth += 1
            } else {
                _ = containers.popLast(); listDepth = max(0, listDepth - 1)
            }
        case GHF_MD_ITEM:
            if entering { pendingMarker = nextMarker(task: Int(event.task)) } else if pendingMarker != nil { add(.paragraph([])) }
        case GHF_MD_PARAGRAPH:
            if entering { flushHTMLParagraph(); startInline() } else { endInlineHTML(); add(.paragraph(takeRuns())) }
        case GHF_MD_HEADING:
            if entering { flushHTMLParagraph(); startInline(); headingLevel = Int(event.heading_level) } else { endInlineHTML(); addHeading() }
        case GHF_MD_CODE_BLOCK:
            flushHTMLParagraph()
            addCode(info: String(cString: event.info), text: String(cString: event.literal))
        case GHF_MD_THEMATIC_BREAK:
            flushHTMLParagraph()
            add(.rule)
        case GHF_MD_TABLE:
            if entering { flushHTMLParagraph(); startTable(event) } else { finishTable() }
        case GHF_MD_TABLE_ROW:
            if entering { row = [] } else { finishRow() }
        case GHF_MD_TABLE_CELL:
            if entering { startInline() } else { endInlineHTML(); row?.append(takeRuns()) }
        case GHF_MD_TEXT:
            appendLinkingAddresses(String(cString: event.literal))
        case GHF_MD_SOFT_BREAK:
            append(" ")
        case GHF_MD_LINE_BREAK:
            append("\n")
        case GHF_MD_CODE:
            styles.append(.code); append(String(cString: event.literal)); styles.removeLast()
        case GHF_MD_EMPHASIS:
            toggle(.emphasis, entering)
        case GHF_MD_STRONG:
            toggle(.strong, entering)
        case GHF_MD_STRIKETHROUGH:
            toggle(.strikethrough, entering)
        case GHF_MD_LINK:
            if entering { linkStack.append(links.link(String(cString: event.url))) } else if !linkStack.isEmpty { linkStack.removeLast() }
        case GHF_MD_IMAGE:
            if entering { image = (String(cString: event.url), nil, "") } else { finishImage() }
        case GHF_MD_HTML_INLINE:
            html(String(cString: event.literal), block: false)
        case GHF_MD_HTML_BLOCK:
            html(String(cString: event.literal), block: true)
        default:
            break
        }
    }

    // MARK: - Blocks

    private func add(_ content: MarkdownBlock.Content) {
        if case .paragraph(let runs) = content, runs.reduce(0, { $0 + $1.text.utf8.count }) > limits.paragraphPieceBytes {
            for piece in MarkdownText.pieces(runs, bytes: limits.paragraphPieceBytes) { addBlock(.paragraph(piece)) }
            return
        }
        addBlock(content)
    }

    private func addBlock(_ content: MarkdownBlock.Content) {
        guard blocks.count < limits.blocks else { blocksLeftOut += 1; pendingMarker = nil; return }
        blocks.append(MarkdownBlock(content, quoteDepth: min(quoteDepth, limits.depth), listDepth: min(listDepth, limits.depth),
                                    marker: pendingMarker, centered: centeredDepth > 0))
        pendingMarker = nil
    }

    private func nextMarker(task: Int) -> MarkdownListMarker {
        if task >= 0 { return .task(checked: task == 1) }
        guard case .list(let ordered, let next)? = containers.last else { return .bullet }
        guard ordered else { return .bullet }
        containers[containers.count - 1] = .list(ordered: true, next: next + 1)
        return .number(next)
    }

    private func addHeading() {
        let level = headingLevel ?? 1
        headingLevel = nil
        let taken = takeRuns()
        add(.heading(level: level, runs: taken, anchor: slugs.slug(for: taken.map(\.text).joined())))
    }

    private func addCode(info: String, text: String) {
        var text = text
        if text.hasSuffix("\n") { text.removeLast() }
        var clipped = false
        if text.utf8.count > limits.codeBytes {
            text = MarkdownText.prefix(text, bytes: limits.codeBytes)
            clipped = true
        }
        let language = info.split(whereSeparator: { $0 == " " || $0 == "{" || $0 == "," }).first.map(String.init) ?? ""
        add(.code(language: language, text: text))
        if clipped { add(.notice(tr("The rest of this code is too long to show here; read it on GitHub."))) }
    }

    private func startTable(_ event: GhfMarkdownEvent) {
        let columns = max(Int(event.columns), 1)
        var alignments: [MarkdownAlignment] = []
        for column in 0..<columns {
            switch event.alignments.map({ $0[column] }) ?? 0 {
            case UInt8(ascii: "c"): alignments.append(.center)
            case UInt8(ascii: "r"): alignments.append(.trailing)
            default: alignments.append(.leading)
            }
        }
        containers.append(.table(alignments: alignments, rows: [], rowsLeftOut: 0))
    }

    private func finishRow() {
        guard var cells = row, case .table(let alignments, var rows, var leftOut)? = containers.last else { return }
        row = nil
        while cells.count < alignments.count { cells.append([]) }
        if cells.count > alignments.count { cells.removeLast(cells.count - alignments.count) }
        // The header row and `tableRows` rows of the body.
        if rows.count <= limits.tableRows { rows.append(cells) } else { leftOut += 1 }
        containers[containers.count - 1] = .table(alignments: alignments, rows: rows, rowsLeftOut: leftOut)
    }

    private func finishTable() {
        guard case .table(let alignments, let rows, let leftOut)? = containers.popLast() else { return }
        add(.table(MarkdownTable(alignments: alignments, rows: rows)))
        if leftOut > 0 {
            add(.notice(trn("{count} more row on GitHub", "{count} more rows on GitHub", leftOut)))
        }
    }

    // MARK: - Inline

    private func startInline() {
        runs = []
        runBytes = 0
    }

    private func takeRuns() -> [MarkdownRun] {
        defer { runs = []; runBytes = 0 }
        return runs
    }

    private func toggle(_ style: MarkdownStyle, _ entering: Bool) {
        // Deeper than any real text nests; a hostile run of `<b>`s is not a growing stack.
        if entering { if styles.count < Self.maximumNesting { styles.append(style) } } else if let last = styles.lastIndex(of: style) { styles.remove(at: last) }
    }

    private static let maximumNesting = 32

    /// A paragraph, heading or cell ends: what raw HTML opened in it (`<a href>`, `<b>`,
    /// `<script>`) ends with it, so an unclosed tag cannot run over the rest of the README.
    private func endInlineHTML() {
        droppingUntil = nil
        for name in htmlOpen.reversed() where !name.hasPrefix("align:") {
            if name == "a" { _ = linkStack.popLast() } else if let style = HTMLTags.inlineStyles[name] { toggle(style, false) }
        }
        htmlOpen.removeAll { !$0.hasPrefix("align:") }
    }

    private var currentStyle: MarkdownStyle { styles.reduce(into: []) { $0.formUnion($1) } }
    private var currentLink: MarkdownLink? { linkStack.last ?? nil }

    /// Adds `text` in the current style, to the image's description when inside one.
    private func append(_ text: String) {
        guard !text.isEmpty else { return }
        if var current = image {
            if current.description.utf8.count < limits.imageDescriptionBytes {
                current.description += text
                image = current
            }
            return
        }
        guard runBytes < limits.paragraphBytes else { return }
        var text = text
        // A line starts at its first visible character, after `<br>` too ("a <br> b").
        if runs.last?.text.hasSuffix("\n") == true {
            text = String(text.drop { $0 == " " })
            guard !text.isEmpty else { return }
        }
        runBytes += text.utf8.count
        if runBytes >= limits.paragraphBytes { text = MarkdownText.prefix(text, bytes: max(0, text.utf8.count - (runBytes - limits.paragraphBytes))) + " …" }
        let style = currentStyle
        let link = currentLink
        if let last = runs.last, last.image == nil, last.style == style, last.link == link {
            runs[runs.count - 1].text += text
        } else {
            runs.append(MarkdownRun(text, style: style, link: link))
        }
    }

    /// Text in which bare `https://…`, `http://…` and `www.…` addresses become links, as GitHub
    /// shows them (outside links and code).
    private func appendLinkingAddresses(_ text: String) {
        guard image == nil, currentLink == nil, !currentStyle.contains(.code) else { return append(text) }
        var rest = Substring(text)
        while let found = MarkdownAutolinks.next(in: rest) {
            append(String(rest[..<found.range.lowerBound]))
            linkStack.append(links.link(found.address))
            append(String(rest[found.range]))
            linkStack.removeLast()
            rest = rest[found.range.upperBound...]
        }
        append(String(rest))
    }

    private func finishImage() {
        guard let current = image else { return }
        image = nil
        var description = current.description
        if description.utf8.count > limits.imageDescriptionBytes { description = MarkdownText.prefix(description, bytes: limits.imageDescriptionBytes) }
        guard let resolved = links.image(current.source, width: current.width, link: currentLink) else {
            append(description)
            return
        }
        runs.append(MarkdownRun(description, style: currentStyle, link: currentLink, image: resolved))
    }

    // MARK: - Raw HTML

    /// Whether runs made by HTML blocks wait to become a paragraph (text between block tags).
    private var htmlParagraphOpen = false

    private func html(_ source: String, block: Bool) {
        if block, !htmlParagraphOpen { startInline(); htmlParagraphOpen = true }
        for token in HTMLTokenizer.tokens(source) {
            if let until = droppingUntil {
                if case .end(let name) = token, name == until { droppingUntil = nil }
                continue
            }
            switch token {
            case .text(let text):
                append(block ? MarkdownText.collapsingSpaces(text, atStart: runs.isEmpty) : text)
            case .start(let name, let attributes, let selfClosing):
                startTag(name, attributes, selfClosing: selfClosing, block: block)
            case .end(let name):
                endTag(name, block: block)
            }
        }
        if block {
            flushHTMLParagraph(keepOpen: false)
            // An unclosed `<svg>` must not hide the rest of the README.
            droppingUntil = nil
        }
    }

    private func startTag(_ name: String, _ attributes: [String: String], selfClosing: Bool, block: Bool) {
        if HTMLTags.droppedWithContent.contains(name) {
            if !selfClosing { droppingUntil = name }
            return
        }
        if let style = HTMLTags.inlineStyles[name] {
            guard styles.count < Self.maximumNesting else { return }
            styles.append(style); htmlOpen.append(name)
            return
        }
        switch name {
        case "a":
            guard linkStack.count < Self.maximumNesting else { return }
            linkStack.append(attributes["href"].flatMap(links.link)); htmlOpen.append(name)
        case "img":
            let width = attributes["width"].flatMap { Int($0.trimmingCharacters(in: CharacterSet(charactersIn: "px% "))) }
            if let source = attributes["src"], let resolved = links.image(source, width: width, link: currentLink) {
                runs.append(MarkdownRun(MarkdownText.prefix(attributes["alt"] ?? "", bytes: limits.imageDescriptionBytes), style: currentStyle,
                                        link: currentLink, image: resolved))
            } else if let alt = attributes["alt"] {
                append(alt)
            }
        case "br":
            append("\n")
        case "hr":
            flushHTMLParagraph(); add(.rule)
        case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "center":
            flushHTMLParagraph()
            if attributes["align"]?.lowercased() == "center" || name == "center" { centeredDepth += 1; htmlOpen.append("align:" + name) }
            if name.hasPrefix("h"), let level = Int(name.dropFirst()) { headingLevel = level }
        case "details":
            flushHTMLParagraph()
        case "summary":
            flushHTMLParagraph(); inSummary = true
        case "li":
            flushHTMLParagraph(); pendingMarker = .bullet
        default:
            break
        }
    }

    private func endTag(_ name: String, block: Bool) {
        if HTMLTags.inlineStyles[name] != nil || name == "a" {
            guard let open = htmlOpen.lastIndex(of: name) else { return }
            htmlOpen.remove(at: open)
            if name == "a" { if !linkStack.isEmpty { linkStack.removeLast() } } else if let style = HTMLTags.inlineStyles[name] { toggle(style, false) }
            return
        }
        switch name {
        case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "center":
            flushHTMLParagraph()
            if let open = htmlOpen.lastIndex(of: "align:" + name) { htmlOpen.remove(at: open); centeredDepth -= 1 }
        case "summary":
            inSummary = false
            add(.detailsStart(takeRuns()))
        case "details":
            flushHTMLParagraph(); add(.detailsEnd)
        case "li", "ul", "ol":
            flushHTMLParagraph()
        default:
            break
        }
    }

    /// Adds what HTML tags gathered as a paragraph (or the heading an `<hN>` opened).
    private func flushHTMLParagraph(keepOpen: Bool = true) {
        guard htmlParagraphOpen || headingLevel != nil, !inSummary else { return }
        if headingLevel != nil, htmlParagraphOpen {
            addHeading()
        } else if htmlParagraphOpen {
            var taken = takeRuns()
            if let last = taken.indices.last, taken[last].image == nil {
                while taken[last].text.hasSuffix(" ") || taken[last].text.hasSuffix("\n") { taken[last].text.removeLast() }
                if taken[last].text.isEmpty { taken.removeLast() }
            }
            if !taken.isEmpty { add(.paragraph(taken)) }
        }
        htmlParagraphOpen = keepOpen && htmlParagraphOpen
        if htmlParagraphOpen { startInline() }
    }
}
