import Foundation
import Testing
@testable import GitHubFinderCore

/// The What's New tab's rows, sections and states, over an in-memory database.
@MainActor
@Suite("What's New: the tab")
struct WhatsNewViewModelTests {
    /// Monday 2027-01-11 12:00 UTC.
    let now = Date(timeIntervalSince1970: 1_810_123_200)
    var calendar: Calendar {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return calendar
    }

    final class Opened {
        var repositories: [(String, String?)] = []
    }

    func make(_ database: AppDatabase, opened: Opened = Opened()) -> WhatsNewViewModel {
        let api = GitHubAPIFake()
        let checker = NewsChecker(api: api, database: database, settings: NewsSettings(interval: .never), now: { [now] in now })
        let actions = WhatsNewViewModel.Actions(showRepository: { repository, tag in opened.repositories.append((repository.fullName, tag)) })
        return WhatsNewViewModel(checker: checker, database: database, actions: actions, now: { [now] in now }, calendar: calendar)
    }

    func addReleases(_ database: AppDatabase, hoursAgo: [Double]) throws {
        try database.save(RepositoryFavorite(id: 7, fullName: "groue/GRDB.swift", ownerLogin: "groue", name: "GRDB.swift", stars: 8_000, addedAt: now))
        let source = try #require(try database.newsSources().first)
        let entries = hoursAgo.enumerated().map { index, hours in
            NewsEntry(id: "release:7:\(index)", kind: .release, sourceKey: source.key, repositoryID: 7, fullName: source.name, tag: "1.\(index)", title: "GRDB 1.\(index)",
                      date: now.addingTimeInterval(-hours * 3_600))
        }
        try database.recordNewsCheck(of: source, state: NewsSourceState(etag: nil, known: [], baselineAt: now, checkedAt: now), entries: entries)
    }

    @Test func entriesAreGroupedByDayNewestFirst() throws {
        let database = AppDatabase.inMemory()
        try addReleases(database, hoursAgo: [1, 20, 50, 52])
        let viewModel = make(database)
        viewModel.send(.appear)
        #expect(viewModel.sections.map(\.title).prefix(2) == ["Today", "Yesterday"])
        #expect(viewModel.sections.count == 3, "two of the same older day share a section")
        #expect(viewModel.sections.map { $0.rows.map(\.heading) } == [["groue/GRDB.swift 1.0"], ["groue/GRDB.swift 1.1"], ["groue/GRDB.swift 1.2", "groue/GRDB.swift 1.3"]])
        let row = try #require(viewModel.sections.first?.rows.first)
        #expect(row.kind == "New release" && row.title == "GRDB 1.0" && row.time == "Published 1 hour ago" && !row.isRead)
        #expect(row.accessibleName == "New release, groue/GRDB.swift 1.0, GRDB 1.0, Published 1 hour ago, Unread")
        #expect(viewModel.unreadCount == 4 && viewModel.statePage == nil)
    }

    @Test func openingAnEntryMarksItReadAndShowsItsRepositoryAsStarred() throws {
        let database = AppDatabase.inMemory()
        try addReleases(database, hoursAgo: [1, 2])
        let opened = Opened()
        let viewModel = make(database, opened: opened)
        viewModel.send(.appear)
        viewModel.send(.open(id: "release:7:1"))
        #expect(opened.repositories.map(\.0) == ["groue/GRDB.swift"] && opened.repositories.first?.1 == "1.1")
        #expect(viewModel.unreadCount == 1)
        #expect(viewModel.sections.first?.rows.map(\.isRead) == [false, true])
        viewModel.send(.markAllRead)
        #expect(viewModel.unreadCount == 0 && viewModel.sections.first?.rows.allSatisfy(\.isRead) == true)
        #expect(database.repository(of: try #require(try database.newsEntry(id: "release:7:1"))).stars == 8_000, "the favorite's snapshot, not a blank")
    }

    @Test func anEmptyTabSaysWhy() throws {
        let database = AppDatabase.inMemory()
        let viewModel = make(database)
        viewModel.send(.appear)
        #expect(viewModel.statePage?.title == "Nothing to Follow Yet")
        try database.save(PersonFavorite.stub())
        viewModel.send(.appear)
        #expect(viewModel.statePage?.title == "Nothing New" && viewModel.statePage?.button == "Check Now")
        #expect(viewModel.status == nil, "never checked")
    }

    @Test func theTabOnScreenFollowsAFavoriteUnstarredBesideItAndUndo() async throws {
        let database = AppDatabase.inMemory()
        try addReleases(database, hoursAgo: [1, 2])
        let viewModel = make(database)
        viewModel.send(.appear)
        #expect(viewModel.unreadCount == 2)
        // Unstarred in the detail pane beside the tab: its entries leave the list.
        let favorite = try #require(try database.delete(Repositories.self, id: 7))
        #expect(await eventually { viewModel.sections.isEmpty && viewModel.unreadCount == 0 })
        #expect(viewModel.statePage?.title == "Nothing to Follow Yet")
        // Undo: they come back, unread as they were.
        try database.save(favorite)
        #expect(await eventually { viewModel.unreadCount == 2 && viewModel.sections.first?.rows.count == 2 })
    }
}
