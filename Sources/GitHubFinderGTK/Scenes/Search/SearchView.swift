import Foundation
import GitHubFinderCore

/// The Search tab: the entry, the sort menu and the People | Repositories switch over one
/// results pane per scope. Renders `SearchTabViewModel`, forwards what the user does.
@MainActor
final class SearchView {
    let root: Box
    let entry: SearchEntry
    let people: SearchResultsPane<PeopleSearchSource, PersonRowWidget>
    /// Built when the Repositories scope is first shown.
    private(set) var repositories: SearchResultsPane<RepositorySearchSource, RepositoryRowWidget>?
    private let viewModel: SearchTabViewModel
    private let avatars: AvatarTextures
    private let showToast: @MainActor (Toast) -> Void
    private let scopes: Stack
    private let scopeButtons: [SearchScope: ToggleButton]
    private let sortButtons: [SearchScope: MenuButton]
    /// Qualifiers for repositories; shown in that scope only.
    let filtersButton: MenuButton
    /// Made when the Filters button first opens.
    private(set) var filters: SearchFiltersPopover?
    private var sortActions: [StringAction] = []
    private var observation: StateObservation?
    private var connections: [SignalConnection] = []

    /// Told the scope each time the view shows one.
    var onScopeShown: (@MainActor (SearchScope) -> Void)?
    var scope: SearchScope { viewModel.scope }

    /// The people list (the one tests and the bench drive).
    var list: ListView<PersonRowWidget> { people.list }

    init(viewModel: SearchTabViewModel, avatars: AvatarTextures, showToast: @escaping @MainActor (Toast) -> Void) {
        self.viewModel = viewModel
        self.avatars = avatars
        self.showToast = showToast
        let builder = Builder("search.ui")
        root = builder.get("search_page")
        entry = builder.get("search_entry")
        scopes = builder.get("scope_stack")
        entry.setAccessibleLabel(AccessibleNames.searchEntry)
        scopeButtons = [.people: builder.get("people_scope_button"), .repositories: builder.get("repositories_scope_button")]
        for (scope, button) in scopeButtons { button.setLabel(scope.title) }
        sortButtons = [.people: builder.get("sort_button"), .repositories: builder.get("repository_sort_button")]
        for button in sortButtons.values { button.setAccessibleLabel(AccessibleNames.sortButton) }
        builder.setMenu("sort_menu", whenOpened: sortButtons[.people]!)
        builder.setMenu("repository_sort_menu", whenOpened: sortButtons[.repositories]!)
        filtersButton = builder.get("filters_button")
        filtersButton.setTooltip(AccessibleNames.filtersButton)
        filtersButton.setAccessibleLabel(AccessibleNames.filtersButton)
        people = SearchResultsPane(viewModel: viewModel.people, listLabel: AccessibleNames.searchResults, avatars: avatars, followed: viewModel.followed,
                                   showToast: showToast)
        scopes.addNamed(people.root, SearchScope.people.rawValue)
        connect()
        filtersButton.setPopover { [weak self] in self?.makeFilters() }
        observation = StateObservation({ [viewModel] in (viewModel.scope, viewModel.query) }) { [weak self] scope, query in
            self?.render(scope: scope, query: query)
        }
    }

    private func connect() {
        connections = [
            entry.onChanged { [weak self] in
                guard let self else { return }
                // Typed elsewhere (type-to-search from a row): the typing continues in the entry.
                // Left on the row, focus would sit on a widget the new results splice away, which
                // GTK reports as a critical.
                if entry.isVisibleOnScreen, !entry.containsFocus { entry.focusKeepingText() }
                viewModel.send(.queryChanged(entry.text))
            },
            entry.onActivate { [weak self] in self?.viewModel.send(.submit) },
            entry.onStopSearch { [weak self] in self?.viewModel.send(.clear) },
            entry.onArrowDown { [weak self] in
                guard let self else { return false }
                if viewModel.scope == .people ? people.focusRecentSearches() : repositories?.focusRecentSearches() == true { return true }
                let list = viewModel.scope == .people ? people.list.widget : repositories?.list.widget
                return list?.isVisibleOnScreen == true && list?.grabFocus() == true
            },
        ]
        for (scope, button) in scopeButtons {
            connections.append(button.onToggled { [weak self, weak button] in
                if button?.isActive == true { self?.viewModel.send(.scopeChanged(scope)) }
            })
        }
        let peopleSort = StringAction(name: "sort", initial: UserSearchSort.bestMatch.rawValue, installedOn: root, prefix: "search") { [weak self] raw in
            if let sort = UserSearchSort(rawValue: raw) { self?.viewModel.people.send(.sortChanged(sort)) }
        }
        people.onSort = { peopleSort.setState($0.rawValue) }
        sortActions = [peopleSort]
    }

    private func render(scope: SearchScope, query: String) {
        entry.setText(query)
        entry.setPlaceholder(scope.placeholder)
        entry.setAccessibleLabel(scope.entryName)
        for (each, button) in scopeButtons { button.setActive(each == scope) }
        for (each, button) in sortButtons { button.setVisible(each == scope) }
        filtersButton.setVisible(scope == .repositories)
        if scope == .repositories { makeRepositoriesPane() }
        scopes.showChild(scope.rawValue)
        onScopeShown?(scope)
    }

    private func makeFilters() -> Widget {
        let filters = SearchFiltersPopover(read: { [weak self] in self?.viewModel.filters ?? SearchQualifiers() },
                                           apply: { [weak self] in
                                               self?.viewModel.send(.applyFilters($0))
                                               // Back to the query, where the qualifiers now are, to go on typing.
                                               self?.entry.focusKeepingText()
                                           })
        self.filters = filters
        return filters.popover
    }

    private func makeRepositoriesPane() {
        guard repositories == nil else { return }
        let pane = SearchResultsPane<RepositorySearchSource, RepositoryRowWidget>(viewModel: viewModel.repositories, listLabel: AccessibleNames.repositoryResults, avatars: avatars, showToast: showToast)
        scopes.addNamed(pane.root, SearchScope.repositories.rawValue)
        let sort = StringAction(name: "sort", initial: RepositorySearchSort.bestMatch.rawValue, installedOn: root, prefix: "repository-search") { [weak self] raw in
            if let sort = RepositorySearchSort(rawValue: raw) { self?.viewModel.repositories.send(.sortChanged(sort)) }
        }
        pane.onSort = { sort.setState($0.rawValue) }
        sortActions.append(sort)
        repositories = pane
    }

    /// The state page or list on screen in the scope shown, and a page's texts (what a user sees).
    var visiblePage: String? { viewModel.scope == .people ? people.visiblePage : repositories?.visiblePage }
    func statusTitle(_ page: String) -> String? { viewModel.scope == .people ? people.statusTitle(page) : repositories?.statusTitle(page) }
    func statusDescription(_ page: String) -> String {
        (viewModel.scope == .people ? people.statusDescription(page) : repositories?.statusDescription(page)) ?? ""
    }
}
