import CMarkdown
import Foundation

/// Markdown (GitHub's flavour, parsed by cmark-gfm) made into a `MarkdownDocument`.
public enum MarkdownParser {
    public struct Failure: Error, Equatable {
        /// Why the document could not be parsed (cmark-gfm missing).
        public var reason: String
    }

    /// `text` parsed with its links judged by `links`; never more than `limits` allow. Runs in
    /// any thread (the README view model calls it off the main one).
    public static func parse(_ text: String, links: ReadmeLinks, limits: MarkdownLimits = .readme) throws(Failure) -> MarkdownDocument {
        var source = text
        var cut = false
        if source.utf8.count > limits.bytes {
            // At a line's end, unless that loses more than half (a README that is one long line).
            let kept = MarkdownBuilder.prefix(source, bytes: limits.bytes)
            if let lineEnd = kept.lastIndex(of: "\n"), kept.utf8.distance(from: kept.startIndex, to: lineEnd) >= limits.bytes / 2 {
                source = String(kept[..<lineEnd])
            } else {
                source = kept
            }
            cut = true
        }
        let builder = MarkdownBuilder(links: links, limits: limits)
        let failure: UnsafePointer<CChar>? = source.withCString { pointer in
            ghf_markdown_walk(pointer, strlen(pointer), { context, event in
                guard let context, let event else { return }
                Unmanaged<MarkdownBuilder>.fromOpaque(context).takeUnretainedValue().visit(event.pointee)
            }, Unmanaged.passUnretained(builder).toOpaque())
        }
        if let failure { throw Failure(reason: String(cString: failure)) }
        var document = builder.finish()
        if cut {
            document.blocks.append(MarkdownBlock(.notice(tr("The rest of this document is too long to show here; read it on GitHub."))))
        }
        return document
    }
}
