import Foundation
import GitHubFinderCore

/// The detail pane for one repository, built from `repository-detail.ui`. Server text is always
/// set as plain text, never markup.
@MainActor
final class RepositoryDetailView {
    let root: ScrolledWindow
    let starButton: Button
    let openButton: Button
    /// The note and tags, while a favorite.
    let notes: NotesSection?
    /// The latest release and the README, under the numbers.
    let readme: ReadmeSection?
    /// "Notify me about new releases", while a favorite.
    let bell: NewsBell?
    let viewModel: RepositoryDetailViewModel
    private let avatars: AvatarTextures
    private let avatar: Avatar
    private let ownerButton: Button
    private let name: Label
    private let badges: Label
    private let about: Label
    private let topics: Label
    private let archivedNotice: Label
    private let templateNotice: Label
    private let parentButton: Button
    private let counts: Box
    private let spinner: Spinner
    private let problem: Label
    private let homepageButton: Button
    private let facts: Box
    private let languagesHeading: Label
    private let languages: Box
    private var shownCounts: [RepositoryDetailState.Count] = []
    private var shownFacts: [String] = []
    private var shownLanguages: [String] = []
    private var connections: [SignalConnection] = []
    private var observation: StateObservation?
    private static let avatarSize = 64

    init(viewModel: RepositoryDetailViewModel, avatars: AvatarTextures) {
        self.viewModel = viewModel
        self.avatars = avatars
        let builder = Builder("repository-detail.ui")
        notes = viewModel.notes.map(NotesSection.init(viewModel:))
        if let notes { builder.get("notes_slot", as: Box.self).append(notes.root) }
        root = builder.get("repository_pane")
        readme = viewModel.readme.map(ReadmeSection.init(viewModel:))
        if let readme {
            builder.get("readme_slot", as: Box.self).append(readme.root)
            readme.watch(root)
        }
        bell = viewModel.watch.map { NewsBell(viewModel: $0, in: builder.get("repository_bell_slot")) }
        starButton = builder.get("repository_star_button")
        openButton = builder.get("repository_open_button")
        avatar = builder.get("owner_avatar")
        ownerButton = builder.get("owner_button")
        name = builder.get("repository_name")
        badges = builder.get("repository_badges")
        about = builder.get("repository_description")
        topics = builder.get("repository_topics")
        archivedNotice = builder.get("archived_notice")
        templateNotice = builder.get("template_notice")
        parentButton = builder.get("parent_button")
        counts = builder.get("repository_counts")
        spinner = builder.get("repository_spinner")
        problem = builder.get("repository_problem")
        homepageButton = builder.get("homepage_button")
        facts = builder.get("repository_facts")
        languagesHeading = builder.get("languages_heading")
        languages = builder.get("repository_languages")
        let avatarButton = builder.get("owner_avatar_button", as: Button.self)
        spinner.spinWhileMapped()
        connections = [
            starButton.onClicked { [weak self] in self?.viewModel.send(.toggleFavorite) },
            openButton.onClicked { [weak self] in self?.viewModel.send(.openInBrowser) },
            ownerButton.onClicked { [weak self] in self?.viewModel.send(.openOwner) },
            avatarButton.onClicked { [weak self] in self?.viewModel.send(.openOwner) },
            parentButton.onClicked { [weak self] in self?.viewModel.send(.openParent) },
            homepageButton.onClicked { [weak self] in self?.viewModel.send(.openHomepage) },
        ]
        let owner = viewModel.state.repository.owner?.login ?? ""
        avatarButton.setAccessibleLabel(owner)
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    private func render(_ state: RepositoryDetailState) {
        let repository = state.repository
        ownerButton.setLabel(repository.owner?.login ?? "")
        ownerButton.setVisible(repository.owner != nil)
        name.setText(repository.name)
        badges.show(state.badges.isEmpty ? nil : state.badges.joined(separator: " · "))
        about.show(repository.description.flatMap { $0.isEmpty ? nil : $0 })
        topics.show(repository.topics.isEmpty ? nil : repository.topics.joined(separator: " · "))
        archivedNotice.show(state.archivedNotice)
        templateNotice.show(state.templateNotice)
        if let parent = state.parentText { parentButton.setLabel(parent) }
        parentButton.setVisible(state.parentText != nil)
        if state.counts != shownCounts { renderCounts(state.counts) }
        starButton.setLabel(RepositoryRow.starTooltip(isFavorite: state.isFavorite))
        starButton.setAccessibleLabel(state.starLabel)
        openButton.setSensitive(repository.htmlURL != nil)
        openButton.setAccessibleLabel(RepositoryDetailState.openInBrowserLabel)
        spinner.setVisible(state.phase == .loading)
        problem.show(state.problem)
        if let homepage = state.homepageText { homepageButton.setLabel(homepage) }
        homepageButton.setVisible(state.homepageText != nil)
        renderFacts(state.facts)
        renderLanguages(state.languageShares)
        avatar.setText(repository.owner?.login ?? repository.fullName)
        if let texture = avatars.texture(for: repository.owner?.avatarURL, pixelSize: Self.avatarSize * avatar.scaleFactor, completion: { [avatar] in avatar.setImage($0) }) {
            avatar.setImage(texture)
        }
    }

    private func renderCounts(_ values: [RepositoryDetailState.Count]) {
        shownCounts = values
        counts.removeAll()
        for count in values {
            let column = Box(.vertical, spacing: 2)
            column.append(Label(count.value, classes: ["stat-value"], xalign: 0.5))
            let caption = Label(count.caption, classes: ["stat-caption"], xalign: 0.5)
            caption.setWrapped(atMost: 10)
            column.append(caption)
            counts.append(column)
        }
    }

    private func renderFacts(_ values: [(label: String, value: String)]) {
        let lines = values.map { "\($0.label)\t\($0.value)" }
        guard lines != shownFacts else { return }
        shownFacts = lines
        facts.removeAll()
        for fact in values {
            let line = Box(.horizontal, spacing: 8)
            line.append(Label(fact.label, classes: ["dim-label"]))
            let value = Label(fact.value)
            value.setSelectable()
            line.append(value)
            facts.append(line)
        }
    }

    private func renderLanguages(_ shares: [(name: String, percent: Double, text: String)]) {
        let texts = shares.map(\.text)
        guard texts != shownLanguages else { return }
        shownLanguages = texts
        languages.removeAll()
        languagesHeading.setVisible(!shares.isEmpty)
        for share in shares {
            let line = Box(.horizontal, spacing: 12)
            let label = Label(share.text)
            label.setSize(width: 140, height: -1)
            line.append(label)
            let bar = LevelBar(percent: share.percent)
            bar.setExpand(horizontal: true)
            bar.setAlign(vertical: .center)
            bar.setAccessibleLabel(share.text)
            line.append(bar)
            languages.append(line)
        }
    }
}
