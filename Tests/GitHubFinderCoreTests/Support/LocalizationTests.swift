import Testing
@testable import GitHubFinderCore

@Suite("Localization")
struct LocalizationTests {
    @Test func placeholdersAreFilledAndUnknownOnesStayVisible() {
        #expect(tr("Removed {login} from favorites", ["login": "octocat"]) == "Removed octocat from favorites")
        #expect(tr("Removed {login} from favorites") == "Removed {login} from favorites")
        #expect(tr("{a}{b} and {a}, {c} {", ["a": "1", "b": "ü2"]) == "1ü2 and 1, {c} {", "every occurrence, unknown and unclosed braces kept")
        #expect(tr("Star {repository}", ["repository": "evil/{repository}"]) == "Star evil/{repository}", "a value is not filled again")
        #expect(tr("{name} 님의 저장소", ["name": "옥토캣"]) == "옥토캣 님의 저장소")
        #expect(tr("no placeholders", ["x": "y"]) == "no placeholders")
    }

    @Test func pluralsPickTheFormAndFormatTheCount() {
        #expect(trn("{count} user", "{count} users", 1) == "1 user")
        #expect(trn("{count} user", "{count} users", 3) == "3 users")
        #expect(trn("{count} result for {query}", "{count} results for {query}", 2, ["query": "tom"]) == "2 results for tom")
    }

    @Test func untranslatedTextIsCopiedWhileGettextsPointerIsValid() {
        // Heap-allocated, long messages: gettext hands back the caller's pointer when it has no
        // translation, and reading it after withCString read freed memory.
        let message = String(repeating: "An untranslated sentence, long enough to live on the heap. ", count: 20)
        for _ in 0..<100 { #expect(tr(message) == message) }
        #expect(trn(message, message + "!", 2) == message + "!")
    }

    @Test func numbersAreWrittenAsTheCLibraryLocaleSays() {
        // The tests run in the C locale, which groups no digits: its English keeps DESIGN.md's
        // commas. The app sets the user's locale at start.
        #expect(NumberText.integer(0) == "0")
        #expect(NumberText.integer(-42) == "-42")
        #expect(NumberText.integer(2_148_331) == "2,148,331")
    }
}
