import Foundation
import Observation

/// Preferences › What's New: how often favorites are checked, whether over a metered
/// connection, whether every favorite repository is announced, and whether the app checks in
/// the background (an autostart entry). Each change is saved and takes effect at once.
@MainActor @Observable
public final class NewsPreferencesViewModel {
    public enum Input: Equatable, Sendable {
        case chooseInterval(NewsCheckInterval)
        case setChecksOnMeteredNetworks(Bool)
        case setWatchesAllRepositories(Bool)
        case setChecksInBackground(Bool)
    }

    public private(set) var settings: NewsSettings
    /// Why the last change could not be made (the autostart entry could not be written).
    public private(set) var problem: String?

    public static var title: String { tr("What's New") }
    public static var intervalTitle: String { tr("Check Favorites for News") }
    public static var intervals: [NewsCheckInterval] { NewsCheckInterval.allCases }
    public static var meteredTitle: String { tr("Also on Metered Connections") }
    public static var meteredNote: String { tr("Checks wait on a mobile connection or a hotspot unless this is on") }
    public static var watchAllTitle: String { tr("Watch All Favorite Repositories") }
    public static var watchAllNote: String { tr("A notification for each new release, as if every bell were on") }
    public static var backgroundTitle: String { tr("Check in the Background") }
    public static var backgroundNote: String { tr("Starts with your session, without a window, to check and notify") }

    @ObservationIgnored private let store: PreferencesStore
    @ObservationIgnored private let apply: @MainActor (NewsSettings) -> Void
    @ObservationIgnored private let setAutostart: @MainActor (Bool) throws -> Void
    @ObservationIgnored private let now: @Sendable () -> Date

    /// `apply`: gives the settings to the running checker; `setAutostart`: writes or removes the
    /// autostart entry (`NewsAutostart`).
    public init(store: PreferencesStore, apply: @escaping @MainActor (NewsSettings) -> Void, setAutostart: @escaping @MainActor (Bool) throws -> Void,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.store = store
        self.apply = apply
        self.setAutostart = setAutostart
        self.now = now
        settings = store.load().news
    }

    public func send(_ input: Input) {
        var changed = settings
        switch input {
        case .chooseInterval(let interval): changed.interval = interval
        case .setChecksOnMeteredNetworks(let on): changed.checksOnMeteredNetworks = on
        case .setWatchesAllRepositories(let on):
            guard on != (settings.watchesAllRepositoriesSince != nil) else { return }
            changed.watchesAllRepositoriesSince = on ? now() : nil
        case .setChecksInBackground(let on):
            guard on != settings.checksInBackground else { return }
            do {
                try setAutostart(on)
            } catch {
                problem = tr("The autostart entry could not be changed: {reason}", ["reason": error.localizedDescription])
                return
            }
            changed.checksInBackground = on
        }
        guard changed != settings else { return }
        problem = nil
        settings = changed
        var preferences = store.load()
        preferences.news = changed
        do { try store.save(preferences) } catch {
            problem = tr("Preferences could not be saved: {reason}", ["reason": error.localizedDescription])
        }
        apply(changed)
    }
}
