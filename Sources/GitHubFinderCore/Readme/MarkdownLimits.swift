/// How much of a hostile document is shown: enough for any real README (GRDB's, among the
/// longest, has ~1,900 blocks), with a visible mark where something was left out.
public struct MarkdownLimits: Sendable {
    /// Bytes parsed; the rest is left for GitHub (cut at a line's end).
    public var bytes = 512 * 1024
    /// Quote and list nesting shown; deeper content is shown at this depth.
    public var depth = 8
    public var blocks = 4_000
    public var tableRows = 500
    /// Text of one paragraph, heading or cell.
    public var paragraphBytes = 64 * 1024
    /// A paragraph longer than this (no real README's text is) is shown as several, cut after a
    /// space: one label that long is laid out in one go, too slowly for a frame.
    public var paragraphPieceBytes = 1024
    public var codeBytes = 64 * 1024
    /// A code block longer than this is shown as several labels, cut at line ends, laid out a
    /// slice at a time (the view lays out about this much text a frame); 64 KB in one label is
    /// laid out in one go.
    public var codePieceBytes = 1024
    /// An image's description.
    public var imageDescriptionBytes = 1024
    /// The wall time cmark-gfm gets (GRDB's 232 KB README takes it ~20 ms).
    public var parseMilliseconds = 3_000

    public init() {}

    public static let readme = MarkdownLimits()
}
