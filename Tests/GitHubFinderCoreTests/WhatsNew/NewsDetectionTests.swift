import Foundation
import Testing
@testable import GitHubFinderCore

/// What counts as new in a favorite's answer.
@Suite("What's New: what is new")
struct NewsDetectionTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)
    let grdb = NewsSource(kind: .repository, id: 7, name: "groue/GRDB.swift", avatarURL: URL(string: "https://avatars.example/u/1"))

    func release(_ tag: String, daysAgo: Double, notes: String? = nil) -> Release {
        Release(tag: tag, name: "GRDB \(tag)", notes: notes, publishedAt: now.addingTimeInterval(-daysAgo * 86_400), htmlURL: URL(string: "https://github.com/groue/GRDB.swift/releases/tag/\(tag)"))
    }

    @Test func aFirstCheckIsABaselineThatShowsOnlyTheLastMonthAsRead() {
        let (entries, state) = NewsDetection.releases([release("7.10.0", daysAgo: 2), release("7.9.0", daysAgo: 45)], of: grdb, etag: "W/\"1\"", previous: nil, now: now)
        #expect(entries.map(\.heading) == ["groue/GRDB.swift 7.10.0"], "a release of 45 days ago is not shown")
        #expect(entries.allSatisfy { $0.isRead && !$0.isNew }, "what was there already is never announced")
        #expect(state.known == ["7.10.0", "7.9.0"] && state.baselineAt == now && state.etag == "W/\"1\"")
    }

    @Test func aReleaseNotInAnEarlierAnswerIsNewAndUnread() throws {
        let first = NewsDetection.releases([release("7.10.0", daysAgo: 2)], of: grdb, etag: "a", previous: nil, now: now).state
        let later = now.addingTimeInterval(3_600)
        let fresh = Release(tag: "7.11.0", name: "GRDB 7.11.0", notes: "## What's Changed\n* **Faster** [joins](https://x.example)\n* More", publishedAt: later, htmlURL: nil)
        let (entries, state) = NewsDetection.releases([fresh, release("7.10.0", daysAgo: 2)], of: grdb, etag: "b", previous: first, now: later)
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry.id == "release:7:7.11.0" && entry.isNew && !entry.isRead)
        #expect(entry.excerpt == "What's Changed\nFaster joins", "the notes' first two lines, marks taken out")
        #expect(entry.avatarURL == grdb.avatarURL)
        #expect(state.known == ["7.11.0", "7.10.0"] && state.baselineAt == now && state.checkedAt == later)
    }

    @Test func anOldReleaseThatComesBackIntoTheNewestFiveIsNotNews() {
        let first = NewsDetection.releases((1...5).map { release("1.\($0)", daysAgo: Double(10 - $0)) }, of: grdb, etag: nil, previous: nil, now: now).state
        // A week later, the newest was deleted: 1.0, published before the favorite was first
        // checked, is in the list for the first time.
        var state = first
        state.known = ["1.4", "1.3", "1.2", "1.1"]
        let (entries, _) = NewsDetection.releases([release("1.4", daysAgo: 6), release("1.0", daysAgo: 30)], of: grdb, etag: nil, previous: state, now: now.addingTimeInterval(7 * 86_400))
        #expect(entries.isEmpty)
    }

    @Test func aForkIsNotANewRepository() {
        let octocat = NewsSource(kind: .person, id: 583231, name: "octocat")
        let first = NewsDetection.repositories([], of: octocat, etag: "a", previous: nil, now: now).state
        func created(_ id: Int64, fork: Bool) -> CreatedRepository {
            CreatedRepository(Repository(id: id, name: "r\(id)", fullName: "octocat/r\(id)", description: "D", language: nil, stars: 0, forks: 0, isFork: fork,
                                         isArchived: false, pushedAt: nil, htmlURL: nil), createdAt: now.addingTimeInterval(60))
        }
        let (entries, _) = NewsDetection.repositories([created(2, fork: true), created(1, fork: false)], of: octocat, etag: "b", previous: first, now: now.addingTimeInterval(120))
        #expect(entries.map(\.fullName) == ["octocat/r1"])
        #expect(entries.first?.kind == .repository && entries.first?.title == "D" && entries.first?.tag == nil)
    }

    @Test func whatIsRememberedIsBounded() {
        var state = NewsDetection.releases([], of: grdb, etag: nil, previous: nil, now: now).state
        for index in 0..<30 {
            let time = now.addingTimeInterval(Double(index + 1) * 60)
            let releases = (0..<5).map { Release(tag: "\(index).\($0)", publishedAt: time) }
            state = NewsDetection.releases(releases, of: grdb, etag: nil, previous: state, now: time).state
        }
        #expect(state.known.count == NewsDetection.knownLimit)
        #expect(state.known.first == "29.0", "newest first")
    }

    @Test func excerptsArePlainText() {
        #expect(NewsDetection.excerpt("<!-- comment -->\n\n### Fixed\n\n- `nil` in ~~old~~ [links](https://a)\n") == "Fixed\nnil in old links")
        #expect(NewsDetection.excerpt("---\n\n") == nil)
        #expect(NewsDetection.excerpt(String(repeating: "a", count: 300))?.count == 200)
        #expect(NewsDetection.excerpt("[unclosed link") == "[unclosed link")
    }
}

@Suite("What's New: notifications")
struct NewsNotificationTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func entry(_ tag: String?, _ fullName: String = "groue/GRDB.swift", title: String? = nil, excerpt: String? = nil) -> NewsEntry {
        NewsEntry(id: tag.map { "release:7:\($0)" } ?? "repository:\(fullName.count)", kind: tag == nil ? .repository : .release, sourceKey: "repository:7",
                  repositoryID: 7, fullName: fullName, tag: tag, title: title, excerpt: excerpt, date: now, htmlURL: URL(string: "https://github.com/\(fullName)"),
                  avatarURL: URL(string: "https://avatars.example/u/1"))
    }

    @Test func oneReleaseIsOneNotificationNamingIt() {
        let notifications = NewsNotification.make(for: [entry("2.0.0", title: "Two", excerpt: "Faster\nSmaller")])
        #expect(notifications == [NewsNotification(id: "whats-new-release:7:2.0.0", title: "groue/GRDB.swift 2.0.0", body: "Two\nFaster",
                                                   avatarURL: URL(string: "https://avatars.example/u/1"), entryID: "release:7:2.0.0",
                                                   browserURL: URL(string: "https://github.com/groue/GRDB.swift"))])
    }

    @Test func aReleaseNamedAsItsTagIsNotSaidTwice() {
        #expect(NewsNotification.make(for: [entry("2.0.0", title: "2.0.0")]).first?.body == "")
    }

    @Test func aNewRepositorySaysSo() {
        let notification = NewsNotification.make(for: [entry(nil, "octocat/hello", title: "A new thing")]).first
        #expect(notification?.title == "New repository octocat/hello" && notification?.body == "A new thing")
    }

    @Test func severalAreGroupedInOne() {
        let five = (1...5).map { entry("1.\($0)") }
        let notifications = NewsNotification.make(for: five)
        #expect(notifications.count == 1)
        #expect(notifications.first?.title == "5 new releases")
        #expect(notifications.first?.body == "groue/GRDB.swift 1.1, groue/GRDB.swift 1.2, groue/GRDB.swift 1.3 and 2 more")
        #expect(notifications.first?.entryID == nil && notifications.first?.browserURL == nil, "a group opens What's New")
        #expect(NewsNotification.make(for: [entry("1.0"), entry(nil, "octocat/hello")]).first?.title == "2 new releases and repositories")
        #expect(NewsNotification.make(for: []).isEmpty)
    }

    @Test func onlyWhatAppearedAfterTheBellWasTurnedOnIsAnnounced() {
        var fresh = entry("2.0.0")
        var settings = NewsSettings()
        #expect(!settings.announces(fresh, watches: [:]), "no bell, nothing")
        #expect(settings.announces(fresh, watches: ["repository:7": now.addingTimeInterval(-1)]))
        #expect(!settings.announces(fresh, watches: ["repository:7": now.addingTimeInterval(2)]), "published before the bell was on")
        #expect(settings.announces(fresh, watches: ["repository:7": now.addingTimeInterval(0.7)]), "GitHub's times are whole seconds")
        settings.watchesAllRepositoriesSince = now.addingTimeInterval(-60)
        #expect(settings.announces(fresh, watches: [:]), "Watch all favorite repositories")
        fresh.isNew = false
        #expect(!settings.announces(fresh, watches: ["repository:7": .distantPast]), "a first check's finds are never announced")
        let repository = entry(nil, "octocat/hello")
        #expect(!settings.announces(repository, watches: [:]), "Watch all is for repositories' releases, not people's repositories")
    }
}
