import Foundation
import Testing
@testable import GitHubFinderCore

/// When What's New checks which favorite, and when it must not.
@Suite("What's New: schedule")
struct NewsScheduleTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let sources = (1...4).map { NewsSource(kind: .repository, id: Int64($0), name: "o/r\($0)") }

    @Test func aScheduledRoundTakesWhatIsDueNeverCheckedFirst() {
        let checked = ["repository:1": now.addingTimeInterval(-7_200), "repository:2": now.addingTimeInterval(-60), "repository:3": now.addingTimeInterval(-3_500)]
        let due = NewsSchedule.due(sources, checkedAt: checked, interval: 3_600, now: now, refresh: false)
        #expect(due.map(\.id) == [4, 1, 3], "never checked, then the longest unchecked; one checked a minute ago waits")
        #expect(NewsSchedule.due(sources, checkedAt: checked, interval: nil, now: now, refresh: false).isEmpty, "Never")
        #expect(NewsSchedule.due(sources, checkedAt: checked, interval: nil, now: now, refresh: true).map(\.id) == [4, 1, 3, 2], "Refresh checks all")
    }

    @Test func aScheduledRoundIsSpreadOverTheInterval() {
        #expect(NewsSchedule.spacing(count: 1_000, interval: 3_600, refresh: false) == 3.6, "a thousand hourly: over the hour")
        #expect(NewsSchedule.spacing(count: 10, interval: 3_600, refresh: false) == 5, "ten: done in under a minute")
        #expect(NewsSchedule.spacing(count: 10_000, interval: 3_600, refresh: false) == 3, "never faster than one every 3 s")
        #expect(NewsSchedule.spacing(count: 1_000, interval: 3_600, refresh: true) == 0.075, "Refresh: below GitHub's 900 a minute")
    }

    @Test func theNextRoundIsWhenTheFirstFavoriteFallsDue() {
        let checked = Dictionary(uniqueKeysWithValues: sources.map { ($0.key, now.addingTimeInterval(-Double($0.id) * 100)) })
        #expect(NewsSchedule.nextRound(sources, checkedAt: checked, interval: 3_600, now: now) == now.addingTimeInterval(-400 + 3_420))
        #expect(NewsSchedule.nextRound(sources, checkedAt: [:], interval: 3_600, now: now) == now, "never checked: at once")
        #expect(NewsSchedule.nextRound(sources, checkedAt: checked, interval: nil, now: now) == nil)
        #expect(NewsSchedule.nextRound([], checkedAt: [:], interval: 3_600, now: now) == nil)
    }

    @Test func nothingIsSentOfflineMeteredOrOnTheUsersShareOfTheQuota() {
        let online = NetworkConditions(), offline = NetworkConditions(isAvailable: false), metered = NetworkConditions(isMetered: true)
        #expect(NewsSchedule.pause(network: offline, allowsMetered: true, core: nil, now: now) == .offline)
        #expect(NewsSchedule.pause(network: metered, allowsMetered: false, core: nil, now: now) == .metered)
        #expect(NewsSchedule.pause(network: metered, allowsMetered: true, core: nil, now: now) == nil)
        let reset = now.addingTimeInterval(600)
        func core(remaining: Int, limit: Int = 60, resetsAt: Date = reset) -> RateLimit { RateLimit(resource: "core", limit: limit, remaining: remaining, used: nil, resetsAt: resetsAt) }
        #expect(NewsSchedule.pause(network: online, allowsMetered: false, core: core(remaining: 31), now: now) == nil)
        #expect(NewsSchedule.pause(network: online, allowsMetered: false, core: core(remaining: 30), now: now) == .rateLimited(until: reset), "30 of 60 are the user's")
        #expect(NewsSchedule.pause(network: online, allowsMetered: false, core: core(remaining: 2_501, limit: 5_000), now: now) == nil)
        #expect(NewsSchedule.pause(network: online, allowsMetered: false, core: core(remaining: 2_500, limit: 5_000), now: now) == .rateLimited(until: reset))
        #expect(NewsSchedule.pause(network: online, allowsMetered: false, core: core(remaining: 0, resetsAt: now.addingTimeInterval(-1)), now: now) == nil, "the window has reset")
    }
}
