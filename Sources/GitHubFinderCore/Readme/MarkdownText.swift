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
}
