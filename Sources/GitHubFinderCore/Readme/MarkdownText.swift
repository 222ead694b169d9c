/// Text measures the README builder needs: cutting to a byte budget, and HTML's white space.
enum MarkdownText {
    /// HTML's white space: each run of spaces and line ends is one space (none at a start).
    static func collapsingSpaces(_ text: String, atStart: Bool) -> String {
        var result = ""
        var space = atStart
        for character in text {
            if character == " " || character == "\n" || character == "\t" || character == "\r" {
                if !space { result.append(" "); space = true }
            } else {
                result.append(character); space = false
            }
        }
        return result
    }

    /// The longest prefix of `text` within `bytes` UTF-8 bytes, not splitting a character.
    static func prefix(_ text: String, bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        var count = 0
        var end = text.unicodeScalars.endIndex
        for index in text.unicodeScalars.indices {
            let size = text.unicodeScalars[index].utf8.count
            if count + size > bytes { end = index; break }
            count += size
        }
        return String(text.unicodeScalars[..<end])
    }

    /// `runs` in pieces of at most `bytes` each (an image is never cut), cut after a space where
    /// there is one: a paragraph far longer than any real README's becomes several, each laid
    /// out on its own, near the view only (one label of 64 KB held the window for 1.7 s).
    static func pieces(_ runs: [MarkdownRun], bytes: Int) -> [[MarkdownRun]] {
        var pieces: [[MarkdownRun]] = []
        var current: [MarkdownRun] = []
        var size = 0
        func flush() {
            if !current.isEmpty { pieces.append(current) }
            current = []
            size = 0
        }
        for run in runs {
            guard run.image == nil else {
                if size > 0, size + run.text.utf8.count > bytes { flush() }
                current.append(run)
                size += run.text.utf8.count
                continue
            }
            var rest = Substring(run.text)
            while size + rest.utf8.count > bytes {
                let head = prefix(String(rest), bytes: bytes - size)
                var cut = head.lastIndex(of: " ").map { head.index(after: $0) } ?? head.endIndex
                if cut == head.startIndex || head.lastIndex(of: " ") == nil, size > 0 {
                    // No space to cut at in what is left of this piece: the run starts the next.
                    flush()
                    continue
                }
                if head.isEmpty {
                    // Room for less than one character: it goes whole, in a piece of its own.
                    current.append(MarkdownRun(String(rest.prefix(1)), style: run.style, link: run.link))
                    rest = rest.dropFirst()
                    flush()
                    continue
                }
                if cut == head.startIndex { cut = head.index(after: head.startIndex) }
                let taken = head[..<cut]
                current.append(MarkdownRun(String(taken), style: run.style, link: run.link))
                rest = Substring(rest.unicodeScalars.dropFirst(taken.unicodeScalars.count))
                flush()
            }
            if !rest.isEmpty {
                current.append(MarkdownRun(String(rest), style: run.style, link: run.link))
                size += rest.utf8.count
            }
        }
        flush()
        return pieces
    }
}
