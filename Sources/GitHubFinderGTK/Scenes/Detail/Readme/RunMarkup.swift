import GitHubFinderCore

/// Pango markup for runs of a README's text. Every run's text is escaped (`Markup.escaped`) and
/// styles become Pango's own tags, so nothing the README says is read as markup; links become
/// `<a href>` whose `href` maps back to the judged `MarkdownLink` (only those can be followed).
struct RunMarkup: Equatable {
    let markup: String
    /// Each link by the `href` it has in `markup`.
    let links: [String: MarkdownLink]
    /// The text as shown (what a screen reader reads).
    let text: String

    /// `bold`: a table's header row. Image runs show their description: the view puts images
    /// in widgets of their own and passes only the runs around them.
    init(_ runs: [MarkdownRun], bold: Bool = false) {
        var markup = "", text = ""
        var links: [String: MarkdownLink] = [:]
        for run in runs {
            var piece = Markup.escaped(run.text)
            text += run.text
            for (style, open, close) in Self.tags where run.style.contains(style) {
                piece = open + piece + close
            }
            if let link = run.link {
                let href = Self.href(link)
                links[href] = link
                piece = "<a href=\"\(Markup.escaped(href))\">" + piece + "</a>"
            }
            markup += piece
        }
        self.markup = bold ? "<b>" + markup + "</b>" : markup
        self.links = links
        self.text = text
    }

    /// A stretch of runs with the same link (or none): what `LinkedText` puts in its text, a
    /// link as a widget of its own.
    struct Piece: Equatable {
        /// Escaped and styled, without `<a>`: a link's is underlined.
        let markup: String
        let text: String
        let link: MarkdownLink?

        /// Only `pieces(_:bold:)` makes them, from escaped runs.
        fileprivate init(markup: String, text: String, link: MarkdownLink?) {
            self.markup = markup
            self.text = text
            self.link = link
        }
    }

    /// The runs cut where their link changes.
    static func pieces(_ runs: [MarkdownRun], bold: Bool = false) -> [Piece] {
        var pieces: [Piece] = []
        var start = 0
        while start < runs.count {
            var end = start + 1
            while end < runs.count, runs[end].link == runs[start].link { end += 1 }
            let unlinked = runs[start..<end].map { MarkdownRun($0.text, style: $0.style) }
            let content = RunMarkup(unlinked, bold: bold)
            let link = runs[start].link
            pieces.append(Piece(markup: link == nil ? content.markup : "<u>" + content.markup + "</u>", text: content.text, link: link))
            start = end
        }
        return pieces
    }

    /// A web link is its address; an anchor `#anchor` (as GitHub writes them).
    static func href(_ link: MarkdownLink) -> String {
        switch link {
        case .web(let url): url.absoluteString
        case .anchor(let anchor): "#" + anchor
        }
    }

    private static let tags: [(MarkdownStyle, String, String)] = [
        (.code, "<span font_family=\"monospace\" background=\"#808080\" bgalpha=\"18%\">", "</span>"),
        (.keyboard, "<span font_family=\"monospace\" background=\"#808080\" bgalpha=\"25%\">", "</span>"),
        (.strikethrough, "<s>", "</s>"),
        (.emphasis, "<i>", "</i>"),
        (.strong, "<b>", "</b>"),
        (.lowered, "<sub>", "</sub>"),
        (.raised, "<sup>", "</sup>"),
    ]
}
