import Foundation

/// The scene factories: every view model, made from the services.
extension AppDependencies {
    public func makePeopleSearchViewModel(actions: PeopleSearchViewModel.Actions) -> PeopleSearchViewModel {
        let viewModel = PeopleSearchViewModel(api: api, favorites: people, clock: clock, actions: actions, now: now)
        viewModel.useHistory(SearchHistory(database: favoritesDatabase, scope: .people))
        return viewModel
    }

    public func makeRepositorySearchViewModel(actions: RepositorySearchViewModel.Actions) -> RepositorySearchViewModel {
        let viewModel = RepositorySearchViewModel(source: RepositorySearchSource(api: api, starring: repositoryStarring, now: now), clock: clock, actions: actions, now: now)
        // Listed when the scope is first shown (`SearchTabViewModel`).
        viewModel.useHistory(SearchHistory(database: favoritesDatabase, scope: .repositories), listingNow: false)
        return viewModel
    }

    public func makePeopleFavoritesViewModel(actions: PeopleFavoritesViewModel.Actions) -> PeopleFavoritesViewModel {
        PeopleFavoritesViewModel(store: people, actions: actions, notice: favoritesRecovery?.message ?? favoritesError?.sessionOnlyMessage)
    }

    public func makeRepositoryFavoritesViewModel(actions: RepositoryFavoritesViewModel.Actions) -> RepositoryFavoritesViewModel {
        RepositoryFavoritesViewModel(source: RepositoryFavoritesSource(store: repositories, starring: repositoryStarring), actions: actions,
                                     notice: favoritesRecovery?.message ?? favoritesError?.sessionOnlyMessage)
    }

    public func makeSignInViewModel(reason: String?, actions: SignInViewModel.Actions) -> SignInViewModel {
        SignInViewModel(authenticator: authenticator, deviceFlow: deviceFlow, reason: reason, actions: actions)
    }

    /// A repository's detail; with a `releaseTag`, that release instead of the latest.
    public func makeRepositoryDetailViewModel(repository: Repository, releaseTag: String? = nil, actions: RepositoryDetailViewModel.Actions) -> RepositoryDetailViewModel {
        RepositoryDetailViewModel(repository: repository, api: api, starring: repositoryStarring,
                                  notes: FavoriteNotesViewModel(database: favoritesDatabase, kind: Repositories.self, id: repository.id),
                                  readme: ReadmeViewModel(api: api, archive: favoritesDatabase, releaseTag: releaseTag, openURL: actions.openURL, now: now),
                                  watch: makeNewsWatch(.repository, id: repository.id), apiHost: server?.host,
                                  actions: actions, now: now)
    }

    /// Your Profile for `profile` (the signed-in account's): its detail and its three lists, whose
    /// rows open their own detail through `showPerson` / `showRepository`.
    public func makeYourProfileViewModel(profile: UserProfile, detailActions: PersonDetailViewModel.Actions,
                                         showPerson: @escaping @MainActor (User) -> Void, showRepository: @escaping @MainActor (Repository) -> Void,
                                         showError: @escaping @MainActor (String) -> Void) -> YourProfileViewModel {
        let user = User(id: profile.id, login: profile.login, avatarURL: profile.avatarURL, profileURL: profile.profileURL, type: profile.type)
        let accounts = PeopleSearchSource(api: api, favorites: people)
        let peopleActions = AccountListViewModel<PeopleSearchSource>.Actions(showDetail: showPerson, showError: showError, signInRequired: detailActions.signInRequired)
        let network = { [api] (direction: FollowDirection) -> AccountListViewModel<PeopleSearchSource>.Fetch in
            { url throws(GitHubError) in
                if let url { try await api.users(page: url) } else { try await api.network(direction) }
            }
        }
        let yours: AccountListViewModel<RepositorySearchSource>.Fetch = { [api] url throws(GitHubError) in
            if let url { try await api.repositories(page: url) } else { try await api.yourRepositories() }
        }
        return YourProfileViewModel(
            detail: makePersonDetailViewModel(user: user, actions: detailActions),
            following: AccountListViewModel(list: .following, source: accounts, fetch: network(.following), actions: peopleActions),
            followers: AccountListViewModel(list: .followers, source: accounts, fetch: network(.followers), actions: peopleActions),
            repositories: AccountListViewModel(list: .repositories, source: RepositorySearchSource(api: api, starring: repositoryStarring, now: now), fetch: yours,
                                               actions: .init(showDetail: showRepository, showError: showError, signInRequired: detailActions.signInRequired)),
            followed: followed
        )
    }

    public func makePersonDetailViewModel(user: User, actions: PersonDetailViewModel.Actions) -> PersonDetailViewModel {
        let viewModel = PersonDetailViewModel(user: user, api: api, store: people, notes: FavoriteNotesViewModel(database: favoritesDatabase, kind: People.self, id: user.id),
                                              watch: makeNewsWatch(.person, id: user.id), account: { [starSync] in await starSync.signedInLogin() }, actions: actions)
        viewModel.onFollowKnown = { [followed] id, following in followed.set(id, followed: following) }
        return viewModel
    }

    /// A detail pane's bell for the favorite `id`.
    func makeNewsWatch(_ kind: NewsSource.Kind, id: Int64) -> NewsWatchViewModel {
        NewsWatchViewModel(source: kind, id: id, database: favoritesDatabase, watchesAll: news.settings.watchesAllRepositoriesSince != nil, now: now)
    }

    /// The What's New tab.
    public func makeWhatsNewViewModel(actions: WhatsNewViewModel.Actions) -> WhatsNewViewModel {
        WhatsNewViewModel(checker: news, database: favoritesDatabase, actions: actions, now: now)
    }
}
