import CMarkdown
import Foundation

/// Markdown (GitHub's flavour, parsed by cmark-gfm) made into a `MarkdownDocument`.
public enum MarkdownParser {
    public struct Failure: Error, Equatable {
        /// Why the document could not be parsed (cmark-gfm missing).
        public var reason: String
    }

    /// `text` parsed with its links judged by `links`, cut where `limits` say. Runs in any thread
    /// (the README view model calls it off the main one, on a thread of its own). cmark-gfm runs
    /// in a child process with `limits.parseMilliseconds` (see CMarkdown.h): a document it cannot
    /// parse in that time, or at all, is refused with a reason, and never takes the app with it.
    /// What follows in Swift (`MarkdownBuilder`) is linear in the events.
    public static func parse(_ text: String, links: ReadmeLinks, limits: MarkdownLimits = .readme) throws(Failure) -> MarkdownDocument {
        var source = text
        var cut = false
        if source.utf8.count > limits.bytes {
            // At a line's end, unless that loses more than half (a README that is one long line).
            let kept = MarkdownText.prefix(source, bytes: limits.bytes)
            if let lineEnd = kept.lastIndex(of: "\n"), kept.utf8.distance(from: kept.startIndex, to: lineEnd) >= limits.bytes / 2 {
                source = String(kept[..<lineEnd])
            } else {
                source = kept
            }
            cut = true
        }
        let builder = MarkdownBuilder(links: links, limits: limits)
        var why: UnsafePointer<CChar>?
        let outcome = source.withCString { pointer in
            // Its whole length: a NUL is text to cmark-gfm (shown as U+FFFD), not the end.
            ghf_markdown_walk(pointer, source.utf8.count, UInt32(limits.parseMilliseconds), { context, event in
                guard let context, let event else { return }
                Unmanaged<MarkdownBuilder>.fromOpaque(context).takeUnretainedValue().visit(event.pointee)
            }, Unmanaged.passUnretained(builder).toOpaque(), &why)
        }
        switch outcome {
        case GHF_MD_PARSED: break
        case GHF_MD_NOT_LOADED: throw Failure(reason: why.map { String(cString: $0) } ?? tr("This document could not be read."))
        case GHF_MD_TIMED_OUT: throw Failure(reason: tr("This document is too complex to show here; read it on GitHub."))
        default: throw Failure(reason: tr("This document could not be read."))
        }
        var document = builder.finish()
        if cut {
            document.blocks.append(MarkdownBlock(.notice(tr("The rest of this document is too long to show here; read it on GitHub."))))
        }
        return document
    }
}
