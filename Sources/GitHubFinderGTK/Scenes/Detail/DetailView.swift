import Foundation
import GitHubFinderCore

/// The detail pane for one user. Server text is always set as plain text, never markup.
@MainActor
final class DetailView {
    let root: Widget
    let starButton: Widget
    let openButton: Widget
    private let viewModel: DetailViewModel
    private let avatars: AvatarTextures
    private let stack = Widget.stack()
    /// The page when no profile could be shown, made the first time it is needed.
    private lazy var pages = StatePages(in: stack) { [weak self] _ in self?.viewModel.send(.retry) }
    private let builder = Builder("detail.ui")
    private let facts: FactRows
    private let counts: [Widget]
    private let repositories: Widget
    private var shownRepositoryIDs: [Int64] = []
    private var observation: StateObservation?
    private static let avatarSize = 112

    init(viewModel: DetailViewModel, avatars: AvatarTextures) {
        self.viewModel = viewModel
        self.avatars = avatars
        root = stack
        starButton = builder.widget("star_button")
        openButton = builder.widget("open_button")
        repositories = builder.widget("repositories_list")
        facts = FactRows(container: builder.widget("detail_facts"))
        let countsBox = builder.widget("detail_counts")
        counts = viewModel.state.counts.map { count in
            let box = Widget.box(.vertical, spacing: 2)
            box.append(.label(count.value, classes: ["stat-value"], xalign: 0.5))
            box.append(.label(count.caption, classes: ["stat-caption"], xalign: 0.5))
            countsBox.append(box)
            return box
        }
        builder.widget("detail_avatar").hideFromAccessibility()
        builder.widget("repositories_spinner").spinWhileMapped()
        stack.addNamed(Widget.spinner(), "loading")
        stack.addNamed(builder.widget("detail_page"), "profile")
        starButton.onClicked { [weak self] in self?.viewModel.send(.toggleFavorite) }
        openButton.onClicked { [weak self] in self?.viewModel.send(.openInBrowser) }
        facts.blogButton.onClicked { [weak self] in self?.viewModel.send(.openBlog) }
        builder.widget("detail_page").onVerticalScroll { [weak self] remaining, _ in
            if remaining < 200 { self?.viewModel.send(.reachedEndOfRepositories) }
        }
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    private func render(_ state: DetailState) {
        switch state.phase {
        case .loading: stack.showChild(state.profile == nil ? "loading" : "profile")
        case .failed:
            if let content = state.failurePage { pages.show(content) }
        case .loaded: stack.showChild("profile")
        }
        let profile = state.profile
        builder.widget("detail_name").setText(profile?.name ?? state.login)
        builder.widget("detail_login").setText(state.login)
        builder.widget("detail_badge").setText(state.badge ?? "")
        builder.widget("detail_badge").setVisible(state.badge != nil)
        builder.widget("detail_bio").setText(profile?.bio ?? "")
        builder.widget("detail_bio").setVisible(profile?.bio != nil)
        facts.show(profile: profile, memberSince: state.memberSince, blogURL: state.blogURL)
        for (box, count) in zip(counts, state.counts) {
            box.firstChild?.setText(count.value)
        }
        starButton.setButtonLabel(SearchRow.starTooltip(isFavorite: state.isFavorite))
        starButton.setAccessibleLabel(state.starLabel)
        openButton.setSensitive(state.profileURL != nil)
        openButton.setAccessibleLabel(DetailState.openInBrowserLabel)
        builder.widget("refresh_error").setText(state.refreshNotice ?? "")
        builder.widget("refresh_error").setVisible(state.refreshNotice != nil)
        let avatarURL = profile?.avatarURL ?? state.user.avatarURL
        let avatar = builder.widget("detail_avatar")
        avatar.setAvatarText(profile?.name ?? state.user.login)
        if let texture = avatars.texture(for: avatarURL, pixelSize: Self.avatarSize * avatar.scaleFactor, completion: { texture in avatar.setAvatarImage(texture) }) {
            avatar.setAvatarImage(texture)
        }
        renderRepositories(state)
    }

    private func renderRepositories(_ state: DetailState) {
        let ids = state.repositories.map(\.id)
        if !ids.starts(with: shownRepositoryIDs) {
            repositories.removeAllListRows()
            shownRepositoryIDs = []
        }
        for repository in state.repositories.dropFirst(shownRepositoryIDs.count) {
            repositories.appendListRow(RepositoryRow.make(repository))
        }
        shownRepositoryIDs = ids
        let spinner = builder.widget("repositories_spinner")
        spinner.setVisible(state.repositoriesPhase == .loading || state.repositoriesPhase == .loadingMore)
        let message = builder.widget("repositories_message")
        message.setText(state.repositoriesMessage ?? "")
        message.setVisible(state.repositoriesMessage != nil)
        repositories.setVisible(!state.repositories.isEmpty)
    }

    var nameLabel: Widget { builder.widget("detail_name") }
    var loginLabel: Widget { builder.widget("detail_login") }
    var bioLabel: Widget { builder.widget("detail_bio") }
    var repositoriesMessage: Widget { builder.widget("repositories_message") }
    var repositoryCount: Int { shownRepositoryIDs.count }
}

/// Company, location, blog and member-since lines, each hidden when empty.
@MainActor
struct FactRows {
    let company: Widget
    let location: Widget
    let blogButton: Widget
    let memberSince: Widget

    init(container: Widget) {
        func line(_ icon: String, _ content: Widget) -> Widget {
            let box = Widget.box(.horizontal, spacing: 8)
            let image = Widget.image(icon: icon)
            image.hideFromAccessibility()
            box.append(image)
            box.append(content)
            container.append(box)
            return content
        }
        company = line("system-users-symbolic", .label())
        location = line("mark-location-symbolic", .label())
        blogButton = line("web-browser-symbolic", .button(label: "", classes: ["link", "flat"]))
        memberSince = line("x-office-calendar-symbolic", .label())
    }

    func show(profile: UserProfile?, memberSince text: String?, blogURL: URL?) {
        set(company, profile?.company)
        set(location, profile?.location)
        set(memberSince, text)
        if let blog = profile?.blog, blogURL != nil {
            blogButton.setButtonLabel(blog)
            blogButton.parent?.setVisible(true)
        } else {
            blogButton.parent?.setVisible(false)
        }
    }

    private func set(_ label: Widget, _ text: String?) {
        label.setText(text ?? "")
        label.parent?.setVisible(text != nil)
    }
}

/// One repository line: name, description, language, stars, last push.
@MainActor
enum RepositoryRow {
    static func make(_ repository: Repository) -> Widget {
        let box = Widget.box(.vertical, spacing: 2, classes: ["repo-row"])
        let name = Widget.label(repository.listTitle, classes: ["repo-name"])
        name.setEllipsize()
        box.append(name)
        if let description = repository.description {
            let label = Widget.label(description)
            label.setWrap()
            box.append(label)
        }
        box.append(.label(repository.listDetails, classes: ["repo-meta"]))
        box.setAccessibleLabel(repository.name)
        return box
    }
}
