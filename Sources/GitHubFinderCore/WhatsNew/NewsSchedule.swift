import Foundation

/// How often What's New looks for news (Preferences).
public enum NewsCheckInterval: String, Codable, CaseIterable, Sendable {
    case hourly
    case everySixHours
    case daily
    case never

    public var seconds: TimeInterval? {
        switch self {
        case .hourly: 3_600
        case .everySixHours: 6 * 3_600
        case .daily: 86_400
        case .never: nil
        }
    }

    public var title: String {
        switch self {
        case .hourly: tr("Every Hour")
        case .everySixHours: tr("Every 6 Hours")
        case .daily: tr("Every Day")
        case .never: tr("Never")
        }
    }
}

/// Whether the network can be used, as GLib's `GNetworkMonitor` says.
public struct NetworkConditions: Hashable, Sendable {
    public var isAvailable: Bool
    /// A mobile connection or a hotspot, paid by the byte.
    public var isMetered: Bool

    public init(isAvailable: Bool = true, isMetered: Bool = false) {
        self.isAvailable = isAvailable
        self.isMetered = isMetered
    }
}

/// When What's New checks which favorite. Pure, so its rules are tested with made-up times.
///
/// - One request at a time. A round started by Refresh sends them `refreshSpacing` apart: at
///   most 800 a minute, below the 900 points a minute of GitHub's secondary limit.
/// - A scheduled round spreads its checks over the interval, one every interval ÷ favorites,
///   but at least `shortestSpacing` and at most `longestSpacing` apart (ten favorites are done
///   in under a minute; a thousand hourly ones are spread over the hour; ten thousand take
///   longer than the hour rather than keep the machine busy).
/// - Nothing is sent offline, on a metered connection (unless allowed), or while the core
///   quota is down to its last half: that is kept for what the user does (until it resets).
public enum NewsSchedule {
    public static let refreshSpacing: TimeInterval = 0.075
    public static let shortestSpacing: TimeInterval = 3
    public static let longestSpacing: TimeInterval = 5

    /// The favorites a round checks, those never checked first, then the longest unchecked:
    /// every one on Refresh, else those not checked within the interval (none for "never").
    public static func due(_ sources: [NewsSource], checkedAt: [String: Date], interval: TimeInterval?, now: Date, refresh: Bool) -> [NewsSource] {
        // Each favorite's last check looked up once (100,000 are sorted).
        var candidates = sources.enumerated().map { (offset: $0.offset, source: $0.element, checked: checkedAt[$0.element.key] ?? .distantPast) }
        if !refresh {
            guard let interval else { return [] }
            // A favorite checked a little less than an interval ago is due with the others: a
            // round that took a minute must not leave its first ones for the next round.
            let threshold = now.addingTimeInterval(-(interval - interval / 20))
            candidates.removeAll { $0.checked > threshold }
        }
        return candidates.sorted { a, b in a.checked != b.checked ? a.checked < b.checked : a.offset < b.offset }.map(\.source)
    }

    /// Seconds between the starts of two checks of a round of `count` favorites.
    public static func spacing(count: Int, interval: TimeInterval?, refresh: Bool) -> TimeInterval {
        guard !refresh, let interval else { return refreshSpacing }
        return min(max(interval / Double(max(count, 1)), shortestSpacing), longestSpacing)
    }

    /// When the next scheduled round should start: when the first favorite falls due again
    /// (at once when one never was checked); nil for "never" or no favorites.
    public static func nextRound(_ sources: [NewsSource], checkedAt: [String: Date], interval: TimeInterval?, now: Date) -> Date? {
        guard let interval, !sources.isEmpty else { return nil }
        let oldest = sources.map { checkedAt[$0.key] ?? .distantPast }.min() ?? now
        return max(oldest.addingTimeInterval(interval - interval / 20), now)
    }

    /// Why nothing may be sent now.
    public enum Pause: Hashable, Sendable {
        case offline
        case metered
        /// The core quota is spent, or down to the part kept for the user, until this time.
        case rateLimited(until: Date)
    }

    /// Why a check may not be sent now, nil when it may: offline, metered (unless allowed), or
    /// the core quota down to the user's half until it resets.
    public static func pause(network: NetworkConditions, allowsMetered: Bool, core: RateLimit?, now: Date) -> Pause? {
        if !network.isAvailable { return .offline }
        if network.isMetered && !allowsMetered { return .metered }
        if let core, core.resetsAt > now, core.remaining <= reserve(of: core.limit) { return .rateLimited(until: core.resetsAt) }
        return nil
    }

    /// The part of the core quota What's New leaves for the user: half (30 of an anonymous 60
    /// an hour, 2,500 of a signed-in 5,000), at least one. Checks where nothing changed cost
    /// none of it (304s), so this is reached only when much is new or nothing was checked yet.
    static func reserve(of limit: Int) -> Int { max(limit / 2, 1) }
}
