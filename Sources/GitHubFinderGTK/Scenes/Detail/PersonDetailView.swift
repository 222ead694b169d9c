import Foundation
import GitHubFinderCore

/// The detail pane for one user, built from `detail.ui`. Server text is always set as plain
/// text, never markup.
@MainActor
final class PersonDetailView {
    let root: Stack
    let starButton: Button
    let followButton: Button
    let openButton: Button
    let nameLabel: Label
    let loginLabel: Label
    let bioLabel: Label
    /// What changed since a favorite was starred.
    let changesLabel: Label
    let repositoriesMessage: Label
    /// The note and tags, while a favorite.
    let notes: NotesSection?
    /// "Notify me about new repositories", while a favorite.
    let bell: NewsBell?
    private let viewModel: PersonDetailViewModel
    private let avatars: AvatarTextures
    /// The page when no profile could be shown, made the first time it is needed.
    private lazy var pages = StatePages(in: root) { [weak self] _ in self?.viewModel.send(.retry) }
    private let badge: Label
    private let avatar: Avatar
    private let refreshNotice: Label
    private let facts: FactRows
    /// The value label of each of `PersonDetailState.counts`, in its order.
    private let countValues: [Label]
    private let repositories: ListBox
    private let repositoriesSpinner: Spinner
    private let loadingSpinner: Spinner
    private var shownRepositoryIDs: [Int64] = []
    private var connections: [SignalConnection] = []
    private var observation: StateObservation?
    private static let avatarSize = 112

    init(viewModel: PersonDetailViewModel, avatars: AvatarTextures) {
        self.viewModel = viewModel
        self.avatars = avatars
        let builder = Builder("detail.ui")
        notes = viewModel.notes.map(NotesSection.init(viewModel:))
        if let notes { builder.get("notes_slot", as: Box.self).append(notes.root) }
        root = builder.get("detail_pane")
        bell = viewModel.watch.map { NewsBell(viewModel: $0, in: builder.get("bell_slot")) }
        starButton = builder.get("star_button")
        followButton = builder.get("follow_button")
        openButton = builder.get("open_button")
        nameLabel = builder.get("detail_name")
        loginLabel = builder.get("detail_login")
        bioLabel = builder.get("detail_bio")
        changesLabel = builder.get("detail_changes")
        badge = builder.get("detail_badge")
        avatar = builder.get("detail_avatar")
        refreshNotice = builder.get("refresh_error")
        repositories = builder.get("repositories_list")
        repositoriesSpinner = builder.get("repositories_spinner")
        repositoriesMessage = builder.get("repositories_message")
        loadingSpinner = builder.get("loading_spinner")
        facts = FactRows(builder)
        let counts = ["followers", "following", "repositories"]
        countValues = counts.map { builder.get("\($0)_value") }
        for (name, count) in zip(counts, viewModel.state.counts) {
            builder.get("\(name)_caption", as: Label.self).setText(count.caption)
        }
        loadingSpinner.spinWhileMapped()
        repositoriesSpinner.spinWhileMapped()
        connections = [
            starButton.onClicked { [weak self] in self?.viewModel.send(.toggleFavorite) },
            followButton.onClicked { [weak self] in self?.viewModel.send(.toggleFollow) },
            openButton.onClicked { [weak self] in self?.viewModel.send(.openInBrowser) },
            facts.blogButton.onClicked { [weak self] in self?.viewModel.send(.openBlog) },
            builder.get("detail_page", as: ScrolledWindow.self).onVerticalScroll { [weak self] remaining, _ in
                if remaining < 200 { self?.viewModel.send(.reachedEndOfRepositories) }
            },
        ]
        connections += repositories.onRowActivated { [weak self] index in
            guard let self, shownRepositoryIDs.indices.contains(index) else { return }
            viewModel.send(.openRepository(shownRepositoryIDs[index]))
        }
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    private func render(_ state: PersonDetailState) {
        switch state.phase {
        case .loading: root.showChild(state.profile == nil ? "loading" : "profile")
        case .failed:
            if let content = state.failurePage { pages.show(content) }
        case .loaded: root.showChild("profile")
        }
        let profile = state.profile
        nameLabel.setText(profile?.name ?? state.login)
        loginLabel.setText(state.login)
        badge.show(state.badge)
        bioLabel.show(profile?.bio)
        changesLabel.show(state.changesText)
        facts.show(profile: profile, memberSince: state.memberSince, blogURL: state.blogURL)
        for (label, count) in zip(countValues, state.counts) {
            label.setText(count.value)
        }
        starButton.setLabel(PersonRow.starTooltip(isFavorite: state.isFavorite))
        starButton.setAccessibleLabel(state.starLabel)
        followButton.setVisible(state.follow != nil)
        if let follow = state.follow {
            followButton.setLabel(follow.label)
            followButton.setAccessibleLabel(follow.label)
            followButton.setSensitive(follow.isEnabled)
        }
        openButton.setSensitive(state.profileURL != nil)
        openButton.setAccessibleLabel(PersonDetailState.openInBrowserLabel)
        refreshNotice.show(state.refreshNotice)
        let avatarURL = profile?.avatarURL ?? state.user.avatarURL
        avatar.setText(profile?.name ?? state.user.login)
        if let texture = avatars.texture(for: avatarURL, pixelSize: Self.avatarSize * avatar.scaleFactor, completion: { [avatar] in avatar.setImage($0) }) {
            avatar.setImage(texture)
        }
        renderRepositories(state)
    }

    private func renderRepositories(_ state: PersonDetailState) {
        let ids = state.repositories.map(\.id)
        if !ids.starts(with: shownRepositoryIDs) {
            repositories.removeAll()
            shownRepositoryIDs = []
        }
        for repository in state.repositories.dropFirst(shownRepositoryIDs.count) {
            repositories.appendActivatable(RepositoryLine.make(repository), accessibleLabel: repository.name)
        }
        shownRepositoryIDs = ids
        repositoriesSpinner.setVisible(state.repositoriesPhase == .loading || state.repositoriesPhase == .loadingMore)
        repositoriesMessage.show(state.repositoriesMessage)
        repositories.setVisible(!state.repositories.isEmpty)
    }

    var repositoryCount: Int { shownRepositoryIDs.count }
}

/// Company, location, blog and member-since lines, each hidden when empty.
@MainActor
struct FactRows {
    let company: Label
    let location: Label
    let blogButton: Button
    let memberSince: Label
    private let companyLine: Box
    private let locationLine: Box
    private let blogLine: Box
    private let memberSinceLine: Box

    init(_ builder: Builder) {
        company = builder.get("company_label")
        location = builder.get("location_label")
        blogButton = builder.get("blog_button")
        memberSince = builder.get("member_since_label")
        companyLine = builder.get("company_line")
        locationLine = builder.get("location_line")
        blogLine = builder.get("blog_line")
        memberSinceLine = builder.get("member_since_line")
    }

    func show(profile: UserProfile?, memberSince text: String?, blogURL: URL?) {
        set(company, companyLine, profile?.company)
        set(location, locationLine, profile?.location)
        set(memberSince, memberSinceLine, text)
        if let blog = profile?.blog, blogURL != nil { blogButton.setLabel(blog) }
        blogLine.setVisible(profile?.blog != nil && blogURL != nil)
    }

    private func set(_ label: Label, _ line: Box, _ text: String?) {
        label.setText(text ?? "")
        line.setVisible(text != nil)
    }
}

/// One repository line: name, description, language, stars, last push. Its row, named by the
/// repository's name, opens the repository's detail.
@MainActor
enum RepositoryLine {
    static func make(_ repository: Repository) -> Box {
        let line = Box(.horizontal, spacing: 12, classes: ["repo-row"])
        let box = Box(.vertical, spacing: 2)
        box.setExpand(horizontal: true)
        line.append(box)
        // It leads to the repository's own page, as a row that opens a page shows.
        let chevron = Image(icon: "go-next-symbolic")
        chevron.setAlign(vertical: .center)
        chevron.hideFromAccessibility()
        line.append(chevron)
        let name = Label(repository.listTitle, classes: ["repo-name"])
        name.setEllipsize()
        box.append(name)
        if let description = repository.description {
            let label = Label(description)
            label.setWrap()
            box.append(label)
        }
        box.append(Label(repository.listDetails, classes: ["repo-meta"]))
        return line
    }
}
