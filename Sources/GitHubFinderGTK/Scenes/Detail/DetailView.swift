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
    private let failedPage = StatusPage(icon: "dialog-error-symbolic", title: tr("Profile Not Available"), buttonLabel: tr("Retry"))
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
        counts = [tr("Followers"), tr("Following"), tr("Repositories")].map { caption in
            let box = Widget.box(.vertical, spacing: 2)
            box.append(.label("0", classes: ["stat-value"], xalign: 0.5))
            box.append(.label(caption, classes: ["stat-caption"], xalign: 0.5))
            countsBox.append(box)
            return box
        }
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
        starButton.setButtonLabel(SearchRow.starTooltip(isFavorite: state.isFavorite))
        starButton.setAccessibleLabel(state.starLabel)
        openButton.setSensitive(state.profileURL != nil)
        openButton.setAccessibleLabel(tr("Open in Browser"))
        builder.widget("refresh_error").setText(state.refreshError.map { tr("Showing a saved copy: {reason}", ["reason": $0]) } ?? "")
        builder.widget("refresh_error").setVisible(state.refreshError != nil)
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
        switch state.repositoriesPhase {
        case .failed(let text):
            message.setText(tr("Repositories could not be loaded: {reason}", ["reason": text]))
            message.setVisible(true)
        case .loaded where state.repositories.isEmpty:
            message.setText(tr("No public repositories."))
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
        // TRANSLATORS: a count in thousands under a profile's "Followers" ("250k").
        number >= 100_000 ? tr("{thousands}k", ["thousands": NumberText.integer(number / 1_000)]) : NumberText.integer(number)
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
        set(memberSince, profile?.memberSince.map {
            // TRANSLATORS: {date} is a month and year ("March 2011").
            tr("Member since {date}", ["date": $0.formatted(.dateTime.month(.wide).year().locale(Localization.dateLocale))])
        })
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
        let name = Widget.label(([repository.name] + tags(repository)).joined(separator: "  "), classes: ["repo-name"])
        name.setEllipsize()
        box.append(name)
        if let description = repository.description {
            let label = Widget.label(description)
            label.setWrap()
            box.append(label)
        }
        var meta = ["★ " + NumberText.integer(repository.stars)]
        if let language = repository.language { meta.insert(language, at: 0) }
        if let pushed = repository.pushedAt { meta.append(tr("pushed {date}", ["date": pushed.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Localization.dateLocale))])) }
        box.append(.label(meta.joined(separator: "  ·  "), classes: ["repo-meta"]))
        box.setAccessibleLabel(repository.name)
        return box
    }

    /// "(fork)" and "(archived)" after the name: tags, not a sentence.
    private static func tags(_ repository: Repository) -> [String] {
        (repository.isFork ? [tr("(fork)")] : []) + (repository.isArchived ? [tr("(archived)")] : [])
    }
}
