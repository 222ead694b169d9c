import Testing
@testable import GitHubFinderCore

@Suite("Toasts: their buttons, and whether their message wraps")
struct ToastTests {
    @Test func undoAndRetryToastsNameTheirButtons() {
        #expect(Toast.undo("Removed octocat from favorites") {}.actionTitle == "Undo")
        #expect(Toast.retry("More results could not be loaded") {}.actionTitle == "Retry")
        #expect(Toast.retry("More results could not be loaded") {}.action != nil)
        #expect(Toast(message: "Saved").actionTitle == nil)
    }

    @Test func aMessageWrapsOnlyWhenALineIsTooLongForANarrowWindow() {
        #expect(!Toast(message: "Removed octocat from favorites").messageWraps)
        #expect(!Toast(message: String(repeating: "a", count: 44)).messageWraps)
        #expect(Toast(message: String(repeating: "a", count: 45)).messageWraps)
        #expect(!Toast(message: String(repeating: "a", count: 40) + "\n" + String(repeating: "b", count: 40)).messageWraps,
                "lines broken by hand are shown as they are")
        // A Hangul syllable takes two columns: 23 of them are 46 columns.
        #expect(Toast(message: String(repeating: "가", count: 23)).messageWraps)
    }
}
