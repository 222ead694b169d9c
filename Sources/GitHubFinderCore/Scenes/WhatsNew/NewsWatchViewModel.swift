import Foundation
import Observation

/// The bell of a detail pane: "Notify me about new releases" (a repository) or "… about new
/// repositories" (a person). Shown only for a favorite (only favorites are checked); off by
/// default; on, it announces what appears from then on.
@MainActor @Observable
public final class NewsWatchViewModel {
    /// The toggle's accessible name and tooltip.
    public let label: String
    /// The bell is on for this favorite.
    public private(set) var isOn: Bool
    /// It is a favorite, so the bell can show.
    public internal(set) var isAvailable = false
    /// Preferences' "Watch all favorite repositories" covers it: shown on, not changeable here.
    public private(set) var isCoveredByWatchAll: Bool

    /// Why the toggle cannot be changed, when it cannot.
    public var lockedReason: String? {
        isCoveredByWatchAll ? tr("All favorite repositories are watched (Preferences)") : nil
    }

    @ObservationIgnored private let key: String
    @ObservationIgnored private let database: AppDatabase
    @ObservationIgnored private let now: @Sendable () -> Date

    public init(source kind: NewsSource.Kind, id: Int64, database: AppDatabase, watchesAll: Bool, now: @escaping @Sendable () -> Date = Date.init) {
        key = NewsSource.key(kind, id)
        label = kind == .repository ? tr("Notify me about new releases") : tr("Notify me about new repositories")
        self.database = database
        self.now = now
        isOn = ((try? database.newsWatches()) ?? [:])[key] != nil
        isCoveredByWatchAll = kind == .repository && watchesAll
    }

    /// The bell pressed: on (announcing what comes from now on) or off.
    public func toggle() {
        guard !isCoveredByWatchAll, isAvailable else { return }
        do {
            try database.setNewsWatch(key, since: isOn ? nil : now())
            isOn.toggle()
        } catch {
            // The bell stays as it was: what is on screen is what is kept.
        }
    }

    /// The favorite was starred or unstarred (unstarring forgets the bell, with the rest of its
    /// news): what the database keeps is shown.
    func favoriteChanged(_ isFavorite: Bool) {
        if isAvailable != isFavorite { isAvailable = isFavorite }
        let kept = isFavorite && ((try? database.newsWatches()) ?? [:])[key] != nil
        if isOn != kept { isOn = kept }
    }
}
