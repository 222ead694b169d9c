import GitHubFinderCore

/// The Filters popover of the Repositories scope, built from `search-filters.ui` when it first
/// opens. Each time it opens it shows the qualifiers the query has (`read`); Apply, or Enter in a
/// field, hands the fields to `apply`, which writes them into the query.
@MainActor
final class SearchFiltersPopover {
    let popover: Popover
    let language: EntryRow
    let minimumStars: SpinButton
    let owner: EntryRow
    let topic: EntryRow
    let hideArchived: Switch
    let includeForks: Switch
    let searchReadme: Switch
    let applyButton: Button
    private let read: @MainActor () -> SearchQualifiers
    private let apply: @MainActor (SearchQualifiers) -> Void
    private var connections: [SignalConnection] = []

    init(read: @escaping @MainActor () -> SearchQualifiers, apply: @escaping @MainActor (SearchQualifiers) -> Void) {
        self.read = read
        self.apply = apply
        let builder = Builder("search-filters.ui")
        popover = builder.get("filters_popover")
        language = builder.get("language_row")
        minimumStars = builder.get("stars_spin")
        owner = builder.get("owner_row")
        topic = builder.get("topic_row")
        hideArchived = builder.get("archived_switch")
        includeForks = builder.get("forks_switch")
        searchReadme = builder.get("readme_switch")
        applyButton = builder.get("apply_filters_button")
        // Rows name their fields (and switches) for screen readers by their titles.
        for (row, title) in [(language, SearchFilterTexts.language), (owner, SearchFilterTexts.owner), (topic, SearchFilterTexts.topic)] {
            row.setTitle(title)
        }
        let rowTitles = [("stars_row", SearchFilterTexts.minimumStars), ("archived_row", SearchFilterTexts.hideArchived),
                         ("forks_row", SearchFilterTexts.includeForks), ("readme_row", SearchFilterTexts.searchReadme)]
        for (id, title) in rowTitles {
            builder.get(id, as: ActionRow.self).setTitle(title)
        }
        builder.get("filters_explanation", as: Label.self).setText(SearchFilterTexts.explanation)
        applyButton.setLabel(SearchFilterTexts.apply)
        connections = [
            popover.onShow { [weak self] in self?.showQualifiers() },
            applyButton.onClicked { [weak self] in self?.applyFields() },
        ]
        for row in [language, owner, topic] {
            connections.append(row.onEntryActivated { [weak self] in self?.applyFields() })
        }
    }

    /// What the fields say now.
    var fields: SearchQualifiers {
        SearchQualifiers(language: language.text, minimumStars: minimumStars.intValue, owner: owner.text, topic: topic.text,
                         hidesArchived: hideArchived.isActive, includesForks: includeForks.isActive, searchesReadme: searchReadme.isActive)
    }

    private func showQualifiers() {
        let qualifiers = read()
        language.setText(qualifiers.language ?? "")
        minimumStars.setValue(qualifiers.minimumStars ?? 0)
        owner.setText(qualifiers.owner ?? "")
        topic.setText(qualifiers.topic ?? "")
        hideArchived.setActive(qualifiers.hidesArchived)
        includeForks.setActive(qualifiers.includesForks)
        searchReadme.setActive(qualifiers.searchesReadme)
        language.grabFocus()
    }

    private func applyFields() {
        let qualifiers = fields
        // Closed first: the query's new text then takes the focus back to the search entry.
        popover.popdown()
        apply(qualifiers)
    }
}
