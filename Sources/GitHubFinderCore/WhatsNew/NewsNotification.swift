import Foundation

/// A desktop notification What's New sends (the GTK layer turns it into a `GNotification`).
public struct NewsNotification: Hashable, Sendable {
    /// The notification's id: a later one with the same id replaces it on screen.
    public var id: String
    public var title: String
    public var body: String
    /// Whose avatar is its icon.
    public var avatarURL: URL?
    /// The entry its default action opens; nil for a group, which opens What's New.
    public var entryID: String?
    /// What "Open in Browser" opens; nil for a group (no button).
    public var browserURL: URL?
    /// The label of the button that opens `browserURL`.
    public var browserLabel: String { tr("Open in Browser") }

    /// The id of the notification that groups several entries.
    public static let groupID = "whats-new"

    /// The id of the notification of one entry.
    public static func id(ofEntry entryID: String) -> String { "whats-new-\(entryID)" }

    /// The notifications for `entries`, found in one check of the favorites: one for a single
    /// entry, one for several ("5 new releases"), none for none.
    public static func make(for entries: [NewsEntry]) -> [NewsNotification] {
        guard let first = entries.first else { return [] }
        guard entries.count > 1 else { return [single(first)] }
        let releases = entries.filter { $0.kind == .release }.count
        let title = switch releases {
        case entries.count: trn("{count} new release", "{count} new releases", releases)
        case 0: trn("{count} new repository", "{count} new repositories", entries.count)
        default: trn("{count} new release or repository", "{count} new releases and repositories", entries.count)
        }
        let named = entries.prefix(3).map(\.heading)
        let body = entries.count > 3
            ? tr("{names} and {count} more", ["names": named.joined(separator: ", "), "count": NumberText.integer(entries.count - 3)])
            : named.joined(separator: ", ")
        return [NewsNotification(id: groupID, title: title, body: body, avatarURL: nil, entryID: nil, browserURL: nil)]
    }

    static func single(_ entry: NewsEntry) -> NewsNotification {
        let title: String
        var lines: [String] = []
        switch entry.kind {
        case .release:
            title = entry.heading
            if let name = entry.title, name != entry.tag { lines.append(name) }
            if let first = entry.excerpt?.split(separator: "\n").first { lines.append(String(first)) }
        case .repository:
            title = tr("New repository {name}", ["name": entry.fullName])
            if let description = entry.title { lines.append(description) }
        }
        return NewsNotification(id: id(ofEntry: entry.id), title: title, body: lines.joined(separator: "\n"), avatarURL: entry.avatarURL,
                                entryID: entry.id, browserURL: entry.htmlURL)
    }
}
