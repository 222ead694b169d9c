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
    private let failedPage = StatusPage(icon: "dialog-error-symbolic", title: "Profile Not Available", buttonLabel: "Retry")
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
        counts = ["Followers", "Following", "Repositories"].map { caption in
            let box = Widget.box(.vertical, spacing: 2)
            box.append(.label("0", classes: ["stat-value"], xalign: 0.5))
            box.append(.label(caption, classes: ["stat-caption"], xalign: 0.5))
            countsBox.append(box)
            return box
        }
        builder.widget("detail_avatar").setCoverAndClip()
        builder.widget("detail_avatar").hideFromAccessibility()
        builder.widget("repositories_spinner").spinWhileMapped()
        stack.addNamed(Widget.spinner(), "loading")
        stack.addNamed(failedPage.root, "failed")
        stack.addNamed(builder.widget("detail_page"), "profile")
        starButton.onClicked { [weak self] in self?.viewModel.send(.toggleFavorite) }
        openButton.onClicked { [weak self] in self?.viewModel.send(.openInBrowser) }
        facts.blogButton.onClicked { [weak self] in self?.viewModel.send(.openBlog) }
        failedPage.button?.onClicked { [weak self] in self?.viewModel.send(.retry) }
        builder.widget("detail_page").onVerticalScroll { [weak self] remaining, _ in
            if remaining < 200 { self?.viewModel.send(.reachedEndOfRepositories) }
        }
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    private func render(_ state: DetailState) {
        switch state.phase {
        case .loading: stack.showChild(state.profile == nil ? "loading" : "profile")
        case .failed(let message):
            failedPage.setDescription(message)
            stack.showChild("failed")
        case .loaded: stack.showChild("profile")
        }
        let profile = state.profile
        builder.widget("detail_name").setText(profile?.name ?? state.login)
        builder.widget("detail_login").setText(state.login)
        let badge = SearchState.badge(for: profile?.type ?? state.user.type)
        builder.widget("detail_badge").setText(badge ?? "")
        builder.widget("detail_badge").setVisible(badge != nil)
        builder.widget("detail_bio").setText(profile?.bio ?? "")
        builder.widget("detail_bio").setVisible(profile?.bio != nil)
        facts.show(profile: profile, blogURL: state.blogURL)
        let numbers = [profile?.followers, profile?.following, profile?.publicRepositories]
        for (box, number) in zip(counts, numbers) {
            box.firstChild?.setText(number.map(Self.compact) ?? "–")
        }
        starButton.setButtonLabel(state.isFavorite ? "Remove from Favorites" : "Add to Favorites")
        starButton.setAccessibleLabel(state.starLabel)
        openButton.setSensitive(state.profileURL != nil)
        openButton.setAccessibleLabel("Open in Browser")
        builder.widget("refresh_error").setText(state.refreshError.map { "Showing a saved copy: \($0)" } ?? "")
        builder.widget("refresh_error").setVisible(state.refreshError != nil)
        let avatarURL = profile?.avatarURL ?? state.user.avatarURL
        let picture = builder.widget("detail_avatar")
        if let texture = avatars.texture(for: avatarURL, pixelSize: Self.avatarSize * picture.scaleFactor, completion: { texture in picture.setTexture(texture) }) {
            picture.setTexture(texture)
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
        switch state.repositoriesPhase {
        case .failed(let text):
            message.setText("Repositories could not be loaded: \(text)")
            message.setVisible(true)
        case .loaded where state.repositories.isEmpty:
            message.setText("No public repositories.")
            message.setVisible(true)
        default:
            message.setVisible(false)
        }
        repositories.setVisible(!state.repositories.isEmpty)
    }

    var nameLabel: Widget { builder.widget("detail_name") }
    var loginLabel: Widget { builder.widget("detail_login") }
    var bioLabel: Widget { builder.widget("detail_bio") }
    var repositoriesMessage: Widget { builder.widget("repositories_message") }
    var repositoryCount: Int { shownRepositoryIDs.count }

    /// 1234 → "1,234" (grouped as the user's locale groups digits); 250000 → "250k".
    static func compact(_ number: Int) -> String {
        number >= 100_000 ? "\(number / 1_000)k" : NumberGrouping.current.format(number)
    }
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

    func show(profile: UserProfile?, blogURL: URL?) {
        set(company, profile?.company)
        set(location, profile?.location)
        set(memberSince, profile?.memberSince.map { "Member since \($0.formatted(.dateTime.month(.wide).year()))" })
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
        let name = Widget.label(repository.name + (repository.isFork ? "  (fork)" : "") + (repository.isArchived ? "  (archived)" : ""), classes: ["repo-name"])
        name.setEllipsize()
        box.append(name)
        if let description = repository.description {
            let label = Widget.label(description)
            label.setWrap()
            box.append(label)
        }
        var meta = ["★ \(repository.stars)"]
        if let language = repository.language { meta.insert(language, at: 0) }
        if let pushed = repository.pushedAt { meta.append("pushed \(pushed.formatted(date: .abbreviated, time: .omitted))") }
        box.append(.label(meta.joined(separator: "  ·  "), classes: ["repo-meta"]))
        box.setAccessibleLabel(repository.name)
        return box
    }
}
