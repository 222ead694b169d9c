import Foundation
import Testing
@testable import GitHubFinderCore

/// Timestamps from GitHub and from favorites files are read by a fast path for the UTC form;
/// it must agree with Foundation's ISO 8601 parser on every date, and leave anything else to it.
@Suite("UTC timestamps")
struct UTCTimestampTests {
    @Test(arguments: ["2026-11-25T10:11:12.345Z", "2026-11-25T10:11:12Z", "1970-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z",
                      "2024-02-29T12:00:00.5Z", "2000-02-29T00:00:00.000001Z", "1900-03-01T01:02:03Z", "2099-12-31T23:59:59.123456789Z",
                      "2011-01-25T18:44:36Z", "2008-01-14T04:33:35Z"])
    func theFastPathReadsWhatFoundationReads(_ text: String) throws {
        let foundation = try Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true).year().month().day()
            .time(includingFractionalSeconds: true)).timeIntervalSince1970
        let fallback = (try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))) ?? (try? Date(text, strategy: .iso8601))
        let ours = try #require(UTCTimestamp.date(text)).timeIntervalSince1970
        #expect(abs(ours - (fallback?.timeIntervalSince1970 ?? foundation)) < 0.000_001, "\(text)")
    }

    @Test(arguments: ["2026-02-30T10:11:12Z", "2026-13-01T10:11:12Z", "2026-11-25T24:00:00Z", "2026-11-25 10:11:12Z", "2026-11-25T10:11:12+02:00",
                      "2026-11-25T10:11:12.Z", "2026-11-25T10:11:1xZ", "26-11-25T10:11:12Z"])
    func anythingElseIsLeftToFoundation(_ text: String) {
        #expect(UTCTimestamp.date(text) == nil)
    }

    /// What a repository or profile shows as its dates: GitHub's form, and an offset one from an
    /// older or proxied response, both read; nonsense is no date.
    @Test func aResponsesDatesReadInEitherForm() throws {
        let utc = try #require(DTOMapping.date("2011-01-25T18:44:36Z"))
        #expect(utc.timeIntervalSince1970 == 1_295_981_076)
        let offset = try #require(DTOMapping.date("2011-01-25T19:44:36+01:00"))
        #expect(offset == utc)
        #expect(DTOMapping.date("yesterday") == nil)
    }
}
