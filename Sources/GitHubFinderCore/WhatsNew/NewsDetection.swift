import Foundation

/// What a favorite's last check left: the ETag to revalidate with, what its answer held, and
/// when it was first checked (nothing older than that is ever new).
public struct NewsSourceState: Hashable, Sendable {
    public var etag: String?
    /// Keys of the items seen so far (release tags, repository ids), newest first, at most
    /// `NewsDetection.knownLimit`.
    public var known: [String]
    public var baselineAt: Date
    public var checkedAt: Date

    public init(etag: String?, known: [String], baselineAt: Date, checkedAt: Date) {
        self.etag = etag
        self.known = known
        self.baselineAt = baselineAt
        self.checkedAt = checkedAt
    }
}

/// Decides what in a favorite's answer is new. Pure: the checker feeds it what the database and
/// GitHub said.
///
/// - A favorite's first check is its baseline: what is there already is remembered, never
///   announced; what came out in the last `recentWindow` is shown, read.
/// - Afterwards an item is new when it was not in any earlier answer and is not older than a
///   day before the baseline (a release deleted and published again, or an old one that moves
///   back into the newest five when a newer one is deleted, is not news).
public enum NewsDetection {
    /// How far back a first check shows what it finds (as read entries).
    public static let recentWindow: TimeInterval = 30 * 86_400
    /// Slack before the baseline for items GitHub's lists showed late.
    static let baselineSlack: TimeInterval = 86_400
    /// How many item keys are remembered per favorite: the page is five, so this is many
    /// checks' worth of answers.
    static let knownLimit = 50

    /// How an entry was found.
    enum Finding {
        /// By the first check, recent: shown, read, never announced.
        case atBaseline
        /// Since the last check: unread, announced.
        case new

        var isRead: Bool { self == .atBaseline }
        var isNew: Bool { self == .new }
    }

    /// An item of an answer, in the answer's order (newest first).
    struct Item {
        var key: String
        var date: Date?
        var entry: (_ date: Date, _ finding: Finding) -> NewsEntry
    }

    /// The entries to add for `releases`, the repository's newest, and the state to keep.
    public static func releases(_ releases: [Release], of source: NewsSource, etag: String?, previous: NewsSourceState?, now: Date) -> (entries: [NewsEntry], state: NewsSourceState) {
        let items = releases.map { release in
            Item(key: release.tag, date: release.publishedAt) { date, finding in
                NewsEntry(id: NewsEntry.releaseID(repositoryID: source.id, tag: release.tag), kind: .release, sourceKey: source.key, repositoryID: source.id, fullName: source.name,
                          tag: release.tag, title: release.name, excerpt: release.notes.flatMap(excerpt), date: date, htmlURL: release.htmlURL,
                          avatarURL: source.avatarURL, isRead: finding.isRead, isNew: finding.isNew)
            }
        }
        return detect(items, etag: etag, previous: previous, now: now)
    }

    /// The entries to add for `repositories`, the person's newest, and the state to keep.
    /// Forks are not news: they are copies, not something the person made.
    public static func repositories(_ repositories: [CreatedRepository], of source: NewsSource, etag: String?, previous: NewsSourceState?, now: Date) -> (entries: [NewsEntry], state: NewsSourceState) {
        let items = repositories.filter { !$0.repository.isFork }.map { created in
            Item(key: String(created.repository.id), date: created.createdAt) { date, finding in
                NewsEntry(id: NewsEntry.repositoryID(created.repository.id), kind: .repository, sourceKey: source.key, repositoryID: created.repository.id,
                          fullName: created.repository.fullName,
                          title: created.repository.description, date: date, htmlURL: created.repository.htmlURL,
                          avatarURL: created.repository.owner?.avatarURL ?? source.avatarURL, isRead: finding.isRead, isNew: finding.isNew)
            }
        }
        return detect(items, etag: etag, previous: previous, now: now)
    }

    static func detect(_ items: [Item], etag: String?, previous: NewsSourceState?, now: Date) -> (entries: [NewsEntry], state: NewsSourceState) {
        let keys = items.map(\.key)
        guard let previous else {
            let recent = items.compactMap { item -> NewsEntry? in
                guard let date = item.date, now.timeIntervalSince(date) <= recentWindow else { return nil }
                return item.entry(date, .atBaseline)
            }
            return (recent, NewsSourceState(etag: etag, known: Array(keys.prefix(knownLimit)), baselineAt: now, checkedAt: now))
        }
        let known = Set(previous.known)
        let oldest = previous.baselineAt.addingTimeInterval(-baselineSlack)
        let entries = items.compactMap { item -> NewsEntry? in
            guard !known.contains(item.key) else { return nil }
            let date = item.date ?? now
            guard date >= oldest else { return nil }
            return item.entry(date, .new)
        }
        var remembered = keys
        for key in previous.known where !remembered.contains(key) { remembered.append(key) }
        return (entries, NewsSourceState(etag: etag, known: Array(remembered.prefix(knownLimit)), baselineAt: previous.baselineAt, checkedAt: now))
    }

    /// The first lines of release notes as plain text: headings' and lists' marks, emphasis and
    /// code marks and link targets taken out, at most two lines and 200 characters.
    public static func excerpt(_ notes: String) -> String? {
        var lines: [String] = []
        for raw in notes.split(whereSeparator: \.isNewline) {
            var line = raw.trimmingCharacters(in: .whitespaces)
            while let first = line.first, "#>*-+".contains(first) { line = String(line.dropFirst()).trimmingCharacters(in: .whitespaces) }
            line = plainInline(line)
            guard !line.isEmpty, !line.allSatisfy({ "-=|:_ ".contains($0) }), !line.hasPrefix("<!--") else { continue }
            lines.append(line)
            if lines.count == 2 { break }
        }
        guard !lines.isEmpty else { return nil }
        let text = lines.joined(separator: "\n")
        return text.count > 200 ? String(text.prefix(199)) + "…" : text
    }

    /// `[text](url)` → text; `**`, `__`, `` ` `` and `~~` dropped.
    static func plainInline(_ line: String) -> String {
        var result = ""
        var rest = Substring(line)
        while let open = rest.firstIndex(of: "[") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "]"), rest.index(after: close) < rest.endIndex, rest[rest.index(after: close)] == "(",
                  let end = rest[close...].firstIndex(of: ")") else {
                result.append("[")
                rest = rest[afterOpen...]
                continue
            }
            result += rest[afterOpen..<close]
            rest = rest[rest.index(after: end)...]
        }
        result += rest
        for mark in ["**", "__", "~~", "`"] { result = result.replacingOccurrences(of: mark, with: "") }
        return result.trimmingCharacters(in: .whitespaces)
    }
}
