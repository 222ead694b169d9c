import Foundation

/// A README or release notes, ready to be shown: a flat list of blocks, each with its nesting
/// (quote and list depth) and, when it starts a list item, the item's marker. Flat, so the view
/// lays it out in one pass without recursion, however deeply the source nests.
///
/// Every link and image is already resolved (`MarkdownLink`, `MarkdownImage`): the view never
/// sees a destination it must judge. Nothing here is markup: text is shown as text.
public struct MarkdownDocument: Equatable, Sendable {
    public var blocks: [MarkdownBlock]

    public init(blocks: [MarkdownBlock] = []) {
        self.blocks = blocks
    }

    /// Every heading's anchor, for `#anchor` links within the document.
    public var anchors: Set<String> {
        Set(blocks.compactMap { block in
            if case .heading(_, _, let anchor) = block.content { return anchor }
            return nil
        })
    }

    /// The document's top-level parts, top down: each block on its own, except a `<details>`
    /// with everything up to its end (an unmatched one runs to the end). The view builds and
    /// drops a part as a whole, as it comes near the screen or goes far from it.
    public var parts: [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = 0
        var depth = 0
        for (index, block) in blocks.enumerated() {
            switch block.content {
            case .detailsStart: depth += 1
            case .detailsEnd: depth = max(0, depth - 1)
            default: break
            }
            if depth == 0 {
                parts.append(start..<index + 1)
                start = index + 1
            }
        }
        if start < blocks.count { parts.append(start..<blocks.count) }
        return parts
    }
}

public struct MarkdownBlock: Equatable, Sendable {
    public enum Content: Equatable, Sendable {
        case paragraph([MarkdownRun])
        /// `anchor` is GitHub's slug of the heading's text ("Getting started" → "getting-started").
        case heading(level: Int, runs: [MarkdownRun], anchor: String)
        /// `language` is the fence's first word ("swift"), empty when none.
        case code(language: String, text: String)
        case table(MarkdownTable)
        case rule
        /// What a limit left out ("120 more rows on GitHub"), translated; shown dimmed.
        case notice(String)
        /// `<details>`: its summary; the blocks after it up to the matching `.detailsEnd` are
        /// its content.
        case detailsStart([MarkdownRun])
        case detailsEnd
    }

    public var content: Content
    /// How many block quotes it is in.
    public var quoteDepth: Int
    /// How many lists it is in.
    public var listDepth: Int
    /// Set on the first block of a list item.
    public var marker: MarkdownListMarker?
    /// Centred (`<p align="center">`, `<div align="center">`), as READMEs lay out their logos.
    public var centered: Bool

    /// A code block's text in pieces of at most `bytes` each, cut at line ends (the pieces shown
    /// one under the other read as the block); a line longer than that is cut too, never inside
    /// a character. Empty for any other block.
    public func codePieces(bytes: Int = MarkdownLimits.readme.codePieceBytes) -> [String] {
        guard case .code(_, let text) = content else { return [] }
        var pieces: [String] = []
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if let lines = current, lines.utf8.count + 1 + line.utf8.count <= bytes {
                current = lines + "\n" + line
                continue
            }
            if let lines = current { pieces.append(lines) }
            // A line too long for a piece of its own: cut between characters (an accent or an
            // emoji sequence stays whole).
            var rest = ""
            for character in line {
                if rest.utf8.count + character.utf8.count > bytes, !rest.isEmpty {
                    pieces.append(rest)
                    rest = ""
                }
                rest.append(character)
            }
            current = rest
        }
        if let lines = current { pieces.append(lines) }
        return pieces
    }

    /// The bytes of text it shows (its runs, or its code): what the view lays out.
    public var textBytes: Int {
        if case .code(_, let text) = content { return text.utf8.count }
        if case .notice(let text) = content { return text.utf8.count }
        return runs.reduce(0) { $0 + $1.text.utf8.count }
    }

    /// Every run of text it shows (a table's cells in order).
    public var runs: [MarkdownRun] {
        switch content {
        case .paragraph(let runs), .heading(_, let runs, _), .detailsStart(let runs): runs
        case .table(let table): table.rows.flatMap { $0.flatMap { $0 } }
        case .code, .rule, .notice, .detailsEnd: []
        }
    }

    public init(_ content: Content, quoteDepth: Int = 0, listDepth: Int = 0, marker: MarkdownListMarker? = nil, centered: Bool = false) {
        self.content = content
        self.quoteDepth = quoteDepth
        self.listDepth = listDepth
        self.marker = marker
        self.centered = centered
    }
}

public enum MarkdownListMarker: Equatable, Sendable {
    case bullet
    case number(Int)
    case task(checked: Bool)

    /// What marks the item: "•", "3." (a task's is its check box).
    public var text: String {
        switch self {
        case .bullet: "•"
        case .number(let number): "\(number)."
        case .task(let checked): checked ? "☑" : "☐"
        }
    }
}

/// A stretch of text in one style.
public struct MarkdownRun: Equatable, Sendable {
    public var text: String
    public var style: MarkdownStyle
    public var link: MarkdownLink?
    /// Set when the run is an image; `text` is then its description (alt).
    public var image: MarkdownImage?

    public init(_ text: String, style: MarkdownStyle = [], link: MarkdownLink? = nil, image: MarkdownImage? = nil) {
        self.text = text
        self.style = style
        self.link = link
        self.image = image
    }
}

public struct MarkdownStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let emphasis = MarkdownStyle(rawValue: 1 << 0)
    public static let strong = MarkdownStyle(rawValue: 1 << 1)
    public static let strikethrough = MarkdownStyle(rawValue: 1 << 2)
    public static let code = MarkdownStyle(rawValue: 1 << 3)
    public static let keyboard = MarkdownStyle(rawValue: 1 << 4)
    /// `<sub>` and `<sup>`.
    public static let lowered = MarkdownStyle(rawValue: 1 << 5)
    public static let raised = MarkdownStyle(rawValue: 1 << 6)
}

/// Where a link goes, once judged (ReadmeLinks): only these can be followed.
public enum MarkdownLink: Equatable, Hashable, Sendable {
    /// An http(s) address, opened in the browser.
    case web(URL)
    /// A heading of the same document (its anchor).
    case anchor(String)
}

public struct MarkdownImage: Equatable, Sendable {
    /// The http(s) address it is fetched from.
    public var source: URL
    /// Served by GitHub itself: fetched when scrolled into view. Any other host waits until the
    /// user asks for images from other sites (a tracking pixel must not learn who looked).
    public var isGitHubHosted: Bool
    /// The width asked for (`<img width="…">`), in pixels.
    public var width: Int?
    /// Followed when the image is clicked (an image inside a link).
    public var link: MarkdownLink?

    public init(source: URL, isGitHubHosted: Bool, width: Int? = nil, link: MarkdownLink? = nil) {
        self.source = source
        self.isGitHubHosted = isGitHubHosted
        self.width = width
        self.link = link
    }
}

public enum MarkdownAlignment: Equatable, Sendable {
    case leading, center, trailing
}

public struct MarkdownTable: Equatable, Sendable {
    public var alignments: [MarkdownAlignment]
    /// The header row first; every row has `alignments.count` cells.
    public var rows: [[[MarkdownRun]]]

    public init(alignments: [MarkdownAlignment], rows: [[[MarkdownRun]]]) {
        self.alignments = alignments
        self.rows = rows
    }
}
