import Foundation
import Testing
@testable import GitHubFinderCore

/// A favorites file's dates are read by a fast path for the form Export writes; it must agree
/// with Foundation's ISO 8601 parser on every date, and leave anything else to it.
@Suite("Favorites file: dates")
struct FavoritesFileDateTests {
    @Test(arguments: ["2026-11-25T10:11:12.345Z", "2026-11-25T10:11:12Z", "1970-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z",
                      "2024-02-29T12:00:00.5Z", "2000-02-29T00:00:00.000001Z", "1900-03-01T01:02:03Z", "2099-12-31T23:59:59.123456789Z"])
    func theFastPathReadsWhatFoundationReads(_ text: String) throws {
        let foundation = try Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true).year().month().day()
            .time(includingFractionalSeconds: true)).timeIntervalSince1970
        let fallback = (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) ?? (try? Date(text, strategy: .iso8601))
        let ours = try #require(FavoritesArchive.utcDate(text)).timeIntervalSince1970
        #expect(abs(ours - (fallback?.timeIntervalSince1970 ?? foundation)) < 0.000_001, "\(text)")
    }

    @Test(arguments: ["2026-02-30T10:11:12Z", "2026-13-01T10:11:12Z", "2026-11-25T24:00:00Z", "2026-11-25 10:11:12Z", "2026-11-25T10:11:12+02:00",
                      "2026-11-25T10:11:12.Z", "2026-11-25T10:11:1xZ", "26-11-25T10:11:12Z"])
    func anythingElseIsLeftToFoundation(_ text: String) {
        #expect(FavoritesArchive.utcDate(text) == nil)
    }

    @Test func anOffsetDateStillReadsThroughFoundation() throws {
        let date = try #require(FavoritesArchive.date("2026-11-25T12:11:12+02:00"))
        #expect(abs(date.timeIntervalSince1970 - 1_795_601_472) < 0.01)
    }
}
