import Testing
@testable import GitHubFinderCore

@Suite("Number grouping")
struct NumberGroupingTests {
    @Test func englishGroupsThousands() {
        let english = NumberGrouping.english
        #expect(english.format(0) == "0")
        #expect(english.format(999) == "999")
        #expect(english.format(1_000) == "1,000")
        #expect(english.format(6_038) == "6,038")
        #expect(english.format(1_234_567) == "1,234,567")
        #expect(english.format(-1_234) == "-1,234")
    }

    @Test func otherConventions() {
        #expect(NumberGrouping(separator: ".", sizes: [3]).format(1_234_567) == "1.234.567")
        #expect(NumberGrouping(separator: "\u{202F}", sizes: [3]).format(6_038) == "6\u{202F}038")
        // Indian English: the first group of three, then groups of two.
        #expect(NumberGrouping(separator: ",", sizes: [3, 2]).format(12_345_678) == "1,23,45,678")
        // A size of 0 (C's CHAR_MAX) leaves the rest whole; no sizes, no grouping at all.
        #expect(NumberGrouping(separator: ",", sizes: [3, 0]).format(1_234_567) == "1234,567")
        #expect(NumberGrouping(separator: ",", sizes: []).format(1_234_567) == "1234567")
    }

    /// C and POSIX group no digits; the UI around the numbers is English, so they get English's.
    @Test func localesWithoutGroupingGetEnglish() {
        #expect(NumberGrouping(localeNamed: "C") == .english)
        #expect(NumberGrouping(localeNamed: "POSIX") == .english)
        #expect(NumberGrouping(localeNamed: "xx_NOT_INSTALLED.UTF-8") == .english)
    }
}
