import Foundation
import Observation

/// The What's New tab: the entries the checker found, newest first, grouped by day; opening one
/// marks it read and shows its repository (a release's with that release); "Mark All as Read";
/// Refresh checks every favorite now.
@MainActor @Observable
public final class WhatsNewViewModel {
    /// An entry as its row shows it.
    public struct Row: Hashable, Sendable, Identifiable {
        public var id: String
        /// "owner/name 2.0.0" or "owner/name".
        public var heading: String
        /// "New release" or "New repository".
        public var kind: String
        /// The release's name or the repository's description.
        public var title: String?
        public var excerpt: String?
        /// "Published 3 hours ago".
        public var time: String
        /// The line under the heading: "New release · Published 3 hours ago".
        public var meta: String { [kind, time].joined(separator: " · ") }
        public var isRead: Bool
        public var avatarURL: URL?
        /// What a screen reader says for the row.
        public var accessibleName: String
    }

    /// The entries of one day under its header ("Today", "Yesterday", a date).
    public struct Section: Hashable, Sendable {
        public var title: String
        public var rows: [Row]
    }

    public enum Input: Equatable, Sendable {
        /// The tab was shown.
        case appear
        /// An entry was activated (clicked, Enter, or its notification clicked).
        case open(id: String)
        case markAllRead
        case refresh
    }

    public struct Actions {
        /// Shows a repository's detail; with a tag, the release of that tag above its README.
        public var showRepository: @MainActor (_ repository: Repository, _ releaseTag: String?) -> Void

        public init(showRepository: @escaping @MainActor (_ repository: Repository, _ releaseTag: String?) -> Void) {
            self.showRepository = showRepository
        }
    }

    public private(set) var sections: [Section] = []
    /// Shown instead of the list when it is empty.
    public private(set) var statePage: StatePage?
    public private(set) var unreadCount = 0
    /// Whether any favorite is there to check.
    public private(set) var hasFavorites = false

    /// The line under the list: checking, waiting, or when it last checked.
    public var status: String? {
        WhatsNewTexts.status(checker.status, lastRoundAt: checker.lastRoundAt, now: now())
    }

    /// Rounds of checks completed (for `make bench`).
    public var roundsCompleted: Int { checker.roundsCompleted }

    @ObservationIgnored let checker: NewsChecker
    @ObservationIgnored private let database: AppDatabase
    @ObservationIgnored private let actions: Actions
    @ObservationIgnored private let now: @Sendable () -> Date
    /// The days' calendar: the user's unless a test gives one. Read when the tab is first shown,
    /// not at start: `Calendar.current` wakes ICU's calendar code and data (4 MB of a start's pages).
    @ObservationIgnored private let fixedCalendar: Calendar?
    private var calendar: Calendar { fixedCalendar ?? .current }
    @ObservationIgnored private var entries: [NewsEntry] = []
    @ObservationIgnored private var loadedRevision = -1
    /// The tab was shown: nothing is read before (a start with 100,000 favorites reads nothing
    /// for a tab nobody opened).
    @ObservationIgnored private var isShown = false
    /// Follows the database once shown: an entry read, a favorite unstarred beside the tab.
    @ObservationIgnored private var changes: Task<Void, Never>?

    isolated deinit {
        changes?.cancel()
    }

    public init(checker: NewsChecker, database: AppDatabase, actions: Actions, now: @escaping @Sendable () -> Date = Date.init, calendar: Calendar? = nil) {
        self.checker = checker
        self.database = database
        self.actions = actions
        self.now = now
        self.fixedCalendar = calendar
        trackChecker()
    }

    public func send(_ input: Input) {
        switch input {
        case .appear:
            loadedRevision = checker.revision
            reload()
            guard !isShown else { return }
            isShown = true
            changes = Task { [weak self, database] in
                for await _ in database.newsChanges() {
                    guard let self else { return }
                    reload()
                }
            }
        case .open(let id): open(id)
        case .markAllRead:
            checker.markAllRead()
            reload()
        case .refresh: checker.refresh()
        }
    }

    /// Reads the entries again (after a round found some, or the favorites changed).
    public func reload() {
        entries = (try? database.newsEntries()) ?? []
        hasFavorites = (try? database.hasFavorites()) ?? false
        unreadCount = entries.filter { !$0.isRead }.count
        let time = now()
        var sections: [Section] = []
        for entry in entries {
            let row = Self.row(entry, now: time)
            let day = WhatsNewTexts.day(entry.date, now: time, calendar: calendar)
            if sections.last?.title == day { sections[sections.count - 1].rows.append(row) } else { sections.append(Section(title: day, rows: [row])) }
        }
        if sections != self.sections { self.sections = sections }
        let page = statePage(for: checker.status)
        if page != statePage { statePage = page }
    }

    private func statePage(for status: NewsChecker.Status) -> StatePage? {
        guard entries.isEmpty else { return nil }
        guard hasFavorites else { return WhatsNewTexts.noFavorites }
        switch status {
        case .waiting(.offline): return WhatsNewTexts.offline
        case .waiting(.rateLimited(let until)): return WhatsNewTexts.rateLimited(until: until, now: now())
        default: return WhatsNewTexts.nothingNew
        }
    }

    static func row(_ entry: NewsEntry, now: Date) -> Row {
        let kind = WhatsNewTexts.kind(entry.kind)
        let time = WhatsNewTexts.time(of: entry, now: now)
        var spoken = [kind, entry.heading]
        if let title = entry.title { spoken.append(title) }
        spoken.append(time)
        if !entry.isRead { spoken.append(tr("Unread")) }
        return Row(id: entry.id, heading: entry.heading, kind: kind, title: entry.title, excerpt: entry.excerpt, time: time,
                   isRead: entry.isRead, avatarURL: entry.avatarURL, accessibleName: spoken.joined(separator: ", "))
    }

    private func open(_ id: String) {
        guard let entry = entries.first(where: { $0.id == id }) ?? (try? database.newsEntry(id: id)) ?? nil else { return }
        if !entry.isRead {
            checker.markRead(ids: [id])
            reload()
        }
        actions.showRepository(database.repository(of: entry), entry.tag)
    }

    /// Reloads when a round added entries, and follows the checker's status for the state page.
    private func trackChecker() {
        let (revision, status) = withObservationTracking { (checker.revision, checker.status) } onChange: { [weak self] in
            Task { @MainActor [weak self] in self?.trackChecker() }
        }
        guard isShown else { return }
        if revision != loadedRevision {
            loadedRevision = revision
            reload()
        } else {
            let page = statePage(for: status)
            if page != statePage { statePage = page }
        }
    }
}
