import Foundation
import GitHubFinderCore

/// Preferences › What's New (the rows of `preferences.ui`'s `news_group`): renders
/// `NewsPreferencesViewModel` and forwards what the user changes.
@MainActor
final class NewsPreferencesGroup {
    private let viewModel: NewsPreferencesViewModel
    private let group: PreferencesGroup
    private let interval: ComboRow
    private let metered, watchAll, background: Switch
    private var connections: [SignalConnection] = []
    private var observation: StateObservation?

    init(viewModel: NewsPreferencesViewModel, builder: Builder) {
        self.viewModel = viewModel
        group = builder.get("news_group")
        group.setTitle(NewsPreferencesViewModel.title)
        interval = builder.get("news_interval_row")
        interval.setTitle(NewsPreferencesViewModel.intervalTitle)
        interval.setChoices(NewsPreferencesViewModel.intervals.map(\.title))
        metered = builder.get("news_metered_switch")
        watchAll = builder.get("news_watch_all_switch")
        background = builder.get("news_background_switch")
        for (row, title, note) in [("news_metered_row", NewsPreferencesViewModel.meteredTitle, NewsPreferencesViewModel.meteredNote),
                                   ("news_watch_all_row", NewsPreferencesViewModel.watchAllTitle, NewsPreferencesViewModel.watchAllNote),
                                   ("news_background_row", NewsPreferencesViewModel.backgroundTitle, NewsPreferencesViewModel.backgroundNote)] {
            let row = builder.get(row, as: ActionRow.self)
            row.setTitle(title)
            row.setSubtitle(note)
        }
        connections = [
            interval.onSelected { [weak self] in
                guard let self, NewsPreferencesViewModel.intervals.indices.contains(interval.selected) else { return }
                viewModel.send(.chooseInterval(NewsPreferencesViewModel.intervals[interval.selected]))
            },
            Signals.onNotify(metered.raw, "active") { [weak self] in
                guard let self else { return }
                viewModel.send(.setChecksOnMeteredNetworks(metered.isActive))
            },
            Signals.onNotify(watchAll.raw, "active") { [weak self] in
                guard let self else { return }
                viewModel.send(.setWatchesAllRepositories(watchAll.isActive))
            },
            Signals.onNotify(background.raw, "active") { [weak self] in
                guard let self else { return }
                viewModel.send(.setChecksInBackground(background.isActive))
            },
        ]
        observation = StateObservation({ [viewModel] in (viewModel.settings, viewModel.problem) }) { [weak self] settings, problem in
            guard let self else { return }
            interval.select(NewsPreferencesViewModel.intervals.firstIndex(of: settings.interval) ?? 0)
            metered.setActive(settings.checksOnMeteredNetworks)
            watchAll.setActive(settings.watchesAllRepositoriesSince != nil)
            background.setActive(settings.checksInBackground)
            group.setDescription(problem ?? "")
        }
    }
}
