import Foundation
import GitHubFinderCore

/// The Favorites tab: the filter entry and the People | Repositories switch over one list per
/// scope. Renders `FavoritesTabViewModel`, forwards what the user does.
@MainActor
final class FavoritesView {
    let root: Box
    let filter: SearchEntry
    let people: FavoritesPane<PersonRowWidget>
    /// Built when the Repositories list is first shown.
    private(set) var repositories: FavoritesPane<RepositoryRowWidget>?
    private let viewModel: FavoritesTabViewModel
    private let avatars: AvatarTextures
    private let showToast: @MainActor (Toast) -> Void
    private let scopes: Stack
    private let scopeButtons: [SearchScope: ToggleButton]
    private var connections: [SignalConnection] = []
    private var observation: StateObservation?
    /// The lists' long tasks, observed apart: a filter keystroke does not render them again.
    private var progressObservation: StateObservation?
    /// Keystroke in the filter → the list model spliced, for the benchmark.
    let filterTiming = FilterTiming()
    /// The main loop's longest stall while the people you follow are added, for the benchmark.
    let importStalls = MainLoopStalls()
    /// The main loop's longest stall from the first filter keystroke on, for the benchmark.
    let filterStalls = MainLoopStalls()

    /// The people list (the one tests and the bench drive).
    var list: ListView<FavoriteSlot<PersonRowWidget>> { people.list }
    /// The people list's message (a write error or the session's notice).
    var messageLabel: Label { people.messageLabel }
    var scope: SearchScope { viewModel.scope }
    /// Told the scope each time the view shows one.
    var onScopeShown: (@MainActor (SearchScope) -> Void)?

    init(viewModel: FavoritesTabViewModel, avatars: AvatarTextures, showToast: @escaping @MainActor (Toast) -> Void) {
        self.viewModel = viewModel
        self.avatars = avatars
        self.showToast = showToast
        let builder = Builder("favorites.ui")
        root = builder.get("favorites_page")
        filter = builder.get("filter_entry")
        scopes = builder.get("scope_stack")
        filter.setAccessibleLabel(AccessibleNames.favoritesFilter)
        scopeButtons = [.people: builder.get("people_scope_button"), .repositories: builder.get("repositories_scope_button")]
        for (scope, button) in scopeButtons { button.setLabel(scope.title) }
        people = FavoritesPane(viewModel: viewModel.people, listLabel: AccessibleNames.favoritesList, avatars: avatars, followed: viewModel.followed,
                               showToast: showToast)
        people.onRendered = { [filterTiming] in filterTiming.applied($0) }
        scopes.addNamed(people.root, SearchScope.people.rawValue)
        connections = [
            filter.onChanged { [weak self] in
                guard let self else { return }
                filterTiming.changed(filter.text)
                filterStalls.watch(true)
                viewModel.send(.filterChanged(filter.text))
                // In the frame of the keystroke: the main queue's turn comes after it is drawn.
                people.renderPending()
                repositories?.renderPending()
            },
            filter.onStopSearch { [weak self] in self?.filter.setText("") },
            // Down goes from the filter into the list shown, as from the search entry.
            filter.onArrowDown { [weak self] in
                guard let self else { return false }
                let list = viewModel.scope == .people ? people.list.widget : repositories?.list.widget
                return list?.isVisibleOnScreen == true && list?.grabFocus() == true
            },
        ]
        for (scope, button) in scopeButtons {
            connections.append(button.onToggled { [weak self, weak button] in
                if button?.isActive == true { self?.viewModel.send(.scopeChanged(scope)) }
            })
        }
        observation = StateObservation({ [viewModel] in (viewModel.scope, viewModel.filter) }) { [weak self] scope, filter in
            self?.render(scope: scope, filter: filter)
        }
        progressObservation = StateObservation({ [viewModel] in (viewModel.repositoriesProgress, viewModel.peopleProgress) }) { [weak self] progress, people in
            self?.renderProgress(repositories: progress, people: people)
        }
    }

    private func render(scope: SearchScope, filter text: String) {
        filter.setText(text)
        for (each, button) in scopeButtons { button.setActive(each == scope) }
        if scope == .repositories { makeRepositoriesPane() }
        if scopes.visibleChildName != scope.rawValue {
            scopes.showChild(scope.rawValue)
            onScopeShown?(scope)
        }
    }

    /// GitHub's stars being brought in (Repositories), the people you follow being added (People).
    private func renderProgress(repositories progress: String?, people peopleProgress: FollowingImportProgress?) {
        repositories?.showProgress(progress)
        importStalls.watch(peopleProgress != nil)
        people.showProgress(peopleProgress?.text, fraction: peopleProgress?.fraction,
                            cancel: { [weak self] in self?.viewModel.send(.cancelImport) })
    }

    private func makeRepositoriesPane() {
        guard repositories == nil else { return }
        let pane = FavoritesPane<RepositoryRowWidget>(viewModel: viewModel.repositories, listLabel: AccessibleNames.repositoryFavoritesList,
                                                      avatars: avatars, showToast: showToast)
        pane.onRendered = { [filterTiming] in filterTiming.applied($0) }
        scopes.addNamed(pane.root, SearchScope.repositories.rawValue)
        repositories = pane
        pane.showProgress(viewModel.repositoriesProgress)
    }

    /// "list", "empty" or "noMatches": what the list shown shows now.
    var visiblePage: String? { viewModel.scope == .people ? people.visiblePage : repositories?.visiblePage }
}

/// How long each filter keystroke took to reach the list: from the entry's "changed" signal to
/// the end of the render that applied that text, rows re-filled included (read by `make bench`
/// through `GHF_DEBUG_STATS`). Keystrokes that one render applies together each count from
/// their own start. The last 1,000 are kept.
@MainActor
final class FilterTiming {
    private var pending: [(text: String, start: ContinuousClock.Instant)] = []
    private(set) var milliseconds: [Double] = []

    func changed(_ text: String) {
        pending.append((text, ContinuousClock.now))
    }

    func applied(_ text: String) {
        guard let last = pending.lastIndex(where: { $0.text == text }) else { return }
        let now = ContinuousClock.now
        for keystroke in pending[...last] {
            let elapsed = now - keystroke.start
            milliseconds.append(Double(elapsed.components.seconds) * 1_000 + Double(elapsed.components.attoseconds) / 1e15)
        }
        pending.removeFirst(last + 1)
        if milliseconds.count > 1_000 { milliseconds.removeFirst(milliseconds.count - 1_000) }
    }
}
