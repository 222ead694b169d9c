#if canImport(Glibc)
import Glibc
#endif

/// Digit grouping of whole numbers ("6,038"), from the C library's locale data as GLib and printf
/// use it. `Int.formatted()` would go through ICU, which maps ~3 MB of its code and data into the
/// process for the first number a search shows.
public struct NumberGrouping: Sendable, Equatable {
    /// Put between groups: "," in English, "." in German, a narrow no-break space in French.
    public let separator: String
    /// Group sizes from the right, the last one repeating: [3] for most locales, [3, 2] for
    /// Indian English ("1,00,000"). Empty: digits are not grouped.
    public let sizes: [Int]

    public init(separator: String, sizes: [Int]) {
        self.separator = separator
        self.sizes = sizes
    }

    /// The UI's own language.
    public static let english = NumberGrouping(separator: ",", sizes: [3])

    /// The user's numeric locale (LC_ALL, LC_NUMERIC, LANG), read once.
    public static let current = NumberGrouping(localeNamed: "")

    /// The numeric conventions of the locale `name` ("" for the environment's). A locale that
    /// groups no digits (C, POSIX) or is not installed gets English, the language of the UI text
    /// around the numbers.
    public init(localeNamed name: String) {
        self = Self.fromCLibrary(name) ?? .english
    }

    /// "1234567" grouped: "1,234,567".
    public func format(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var groups: [String] = []
        var end = digits.count
        var index = 0
        while end > 0 {
            // No sizes, or a size of 0: the rest stays in one group.
            let size = sizes.isEmpty ? end : sizes[min(index, sizes.count - 1)]
            let start = size > 0 ? max(end - size, 0) : 0
            groups.append(String(digits[start..<end]))
            end = start
            index += 1
        }
        return (number < 0 ? "-" : "") + groups.reversed().joined(separator: separator)
    }

    private static func fromCLibrary(_ name: String) -> NumberGrouping? {
        #if canImport(Glibc)
        guard let locale = newlocale(LC_NUMERIC_MASK, name, nil) else { return nil }
        defer { freelocale(locale) }
        // Swift does not import the GROUPING macro, an alias of __GROUPING.
        guard let separator = String(validatingCString: nl_langinfo_l(nl_item(THOUSEP), locale)), !separator.isEmpty,
              let grouping = nl_langinfo_l(nl_item(__GROUPING), locale) else { return nil }
        // One byte per group size; CHAR_MAX ends the grouping (the rest stays whole), as the
        // string's end repeats the last size.
        var sizes: [Int] = []
        var cursor = grouping
        while cursor.pointee != 0 {
            sizes.append(cursor.pointee == CChar.max ? 0 : Int(cursor.pointee))
            if cursor.pointee == CChar.max { break }
            cursor += 1
        }
        return NumberGrouping(separator: separator, sizes: sizes)
        #else
        return nil
        #endif
    }
}
