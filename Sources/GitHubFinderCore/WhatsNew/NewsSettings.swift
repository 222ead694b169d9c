import Foundation

/// What's New's part of Preferences.
public struct NewsSettings: Codable, Hashable, Sendable {
    public var interval: NewsCheckInterval
    /// Checks go on over a metered connection too.
    public var checksOnMeteredNetworks: Bool
    /// When "Watch all favorite repositories" was turned on (nil: off): every favorite
    /// repository's new releases are announced, from then on.
    public var watchesAllRepositoriesSince: Date?
    /// The app starts with the session, without a window, to check and notify (an XDG
    /// autostart entry exists while this is on).
    public var checksInBackground: Bool

    public init(interval: NewsCheckInterval = .hourly, checksOnMeteredNetworks: Bool = false, watchesAllRepositoriesSince: Date? = nil, checksInBackground: Bool = false) {
        self.interval = interval
        self.checksOnMeteredNetworks = checksOnMeteredNetworks
        self.watchesAllRepositoriesSince = watchesAllRepositoriesSince
        self.checksInBackground = checksInBackground
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        interval = (try? container.decodeIfPresent(NewsCheckInterval.self, forKey: .interval)) ?? .hourly
        checksOnMeteredNetworks = (try? container.decodeIfPresent(Bool.self, forKey: .checksOnMeteredNetworks)) ?? false
        watchesAllRepositoriesSince = try? container.decodeIfPresent(Date.self, forKey: .watchesAllRepositoriesSince)
        checksInBackground = (try? container.decodeIfPresent(Bool.self, forKey: .checksInBackground)) ?? false
    }

    /// Whether `entry`, just found, is announced: it is new, and its favorite's bell was on (or
    /// "Watch all" for a release) before it came out.
    func announces(_ entry: NewsEntry, watches: [String: Date]) -> Bool {
        guard entry.isNew else { return false }
        var since = watches[entry.sourceKey]
        if entry.kind == .release, let all = watchesAllRepositoriesSince { since = min(since ?? all, all) }
        guard let since else { return false }
        // GitHub's times are whole seconds: one in the second the bell was turned on counts.
        return entry.date > since.addingTimeInterval(-1)
    }
}
