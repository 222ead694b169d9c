import Foundation
import GitHubFinderCore

/// Your Profile in the detail pane (`your-profile.ui`): the account's own detail, the same view
/// as anyone's, and its Following, Followers and Your Repositories lists, switched by a row of
/// toggle buttons named by their lists (DESIGN §5) and labelled with GitHub's counts.
@MainActor
final class YourProfileView {
    let root: Box
    let detail: PersonDetailView
    private let viewModel: YourProfileViewModel
    private let sections: Stack
    private let buttons: [(AccountList?, ToggleButton)]
    private let following: AccountListPane<PeopleSearchSource, PersonRowWidget>
    private let followers: AccountListPane<PeopleSearchSource, PersonRowWidget>
    private let repositories: AccountListPane<RepositorySearchSource, RepositoryRowWidget>
    private var connections: [SignalConnection] = []

    init(viewModel: YourProfileViewModel, avatars: AvatarTextures) {
        self.viewModel = viewModel
        let builder = Builder("your-profile.ui")
        root = builder.get("your_profile")
        sections = builder.get("section_stack")
        detail = PersonDetailView(viewModel: viewModel.detail, avatars: avatars)
        // Everyone in Following is followed: a badge on every row would say nothing.
        following = AccountListPane(viewModel: viewModel.following, avatars: avatars)
        followers = AccountListPane(viewModel: viewModel.followers, avatars: avatars, followed: viewModel.followed)
        repositories = AccountListPane(viewModel: viewModel.repositories, avatars: avatars)
        buttons = [(nil, builder.get("profile_section_button")), (.following, builder.get("following_section_button")),
                   (.followers, builder.get("followers_section_button")), (.repositories, builder.get("repositories_section_button"))]
        sections.addNamed(detail.root, "profile")
        sections.addNamed(following.root, AccountList.following.rawValue)
        sections.addNamed(followers.root, AccountList.followers.rawValue)
        sections.addNamed(repositories.root, AccountList.repositories.rawValue)
        var counts: [AccountList: Label] = [:]
        for (list, button) in buttons {
            let name = list?.title ?? YourProfileTexts.profileTab
            if let list {
                // The name and a dim count: a label of its own, so the button stays named by its list.
                let content = Box(.horizontal, spacing: 6)
                content.setAlign(horizontal: .center)
                content.append(Label(name))
                let count = Label("")
                count.addClass("dim-label")
                count.setVisible(false)
                content.append(count)
                button.setChild(content)
                counts[list] = count
            } else {
                button.setLabel(name)
            }
            button.setAccessibleLabel(name)
            connections.append(button.onToggled { [weak self, weak button] in
                guard let self, button?.isActive == true else { return }
                sections.showChild(list?.rawValue ?? "profile")
                viewModel.send(.show(list))
            })
        }
        self.counts = counts
        following.onCount = { [weak self] in self?.show($0, of: .following) }
        followers.onCount = { [weak self] in self?.show($0, of: .followers) }
        repositories.onCount = { [weak self] in self?.show($0, of: .repositories) }
    }

    private var counts: [AccountList: Label] = [:]

    /// The count beside the list's name, once GitHub's is known.
    private func show(_ count: String?, of list: AccountList) {
        guard let label = counts[list] else { return }
        label.show(count)
    }
}
