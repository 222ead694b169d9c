import Foundation
import Testing
@testable import GitHubFinderCore

/// A favorites file's dates: the UTC form Export writes (read by `UTCTimestamp`, tested there)
/// and any other ISO 8601 form, through Foundation.
@Suite("Favorites file: dates")
struct FavoritesFileDateTests {
    @Test func anOffsetDateStillReadsThroughFoundation() throws {
        let date = try #require(FavoritesArchive.date("2026-11-25T12:11:12+02:00"))
        #expect(abs(date.timeIntervalSince1970 - 1_795_601_472) < 0.01)
    }

    @Test func exportsFormReadsToTheMillisecond() throws {
        let date = try #require(FavoritesArchive.date("2026-11-25T10:11:12.345Z"))
        #expect(FavoritesArchive.dateText(date) == "2026-11-25T10:11:12.345Z")
    }
}
