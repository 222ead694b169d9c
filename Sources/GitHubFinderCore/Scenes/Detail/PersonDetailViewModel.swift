import Foundation
import Observation

/// The detail pane: the profile (cached first, then revalidated), repositories, star, browser.
@MainActor @Observable
public final class PersonDetailViewModel {
    public enum Input: Equatable, Sendable {
        case load
        case retry
        case toggleFavorite
        case openInBrowser
        case openBlog
        case reachedEndOfRepositories
        /// Refresh (F5, Ctrl+R): the profile revalidated with a conditional request (free when
        /// unchanged) and the repositories again; what is shown stays until then.
        case refresh
        /// One of the person's repositories: its own detail.
        case openRepository(Int64)
        /// Follow or Unfollow (signed in): shown at once, sent to GitHub, rolled back if refused.
        case toggleFollow
    }

    public struct Actions {
        /// The coordinator opens it (and refuses anything but http/https).
        public var openURL: @MainActor (URL) -> Void
        public var showError: @MainActor (String) -> Void
        /// GitHub answered 401: sign in, then call `retry` (this user again).
        public var signInRequired: @MainActor (_ retry: @escaping @MainActor () -> Void) -> Void
        /// One of the person's repositories was opened: the coordinator shows its detail.
        public var showRepository: @MainActor (Repository) -> Void

        public init(openURL: @escaping @MainActor (URL) -> Void, showError: @escaping @MainActor (String) -> Void,
                    signInRequired: @escaping @MainActor (_ retry: @escaping @MainActor () -> Void) -> Void = { _ in },
                    showRepository: @escaping @MainActor (Repository) -> Void = { _ in }) {
            self.openURL = openURL
            self.showError = showError
            self.signInRequired = signInRequired
            self.showRepository = showRepository
        }
    }

    public internal(set) var state: PersonDetailState
    /// The note and tags, while the person is a favorite (nil: not kept, as in tests).
    public let notes: FavoriteNotesViewModel?
    /// The bell ("Notify me about new repositories"), shown while the person is a favorite.
    public let watch: NewsWatchViewModel?

    @ObservationIgnored private let api: any GitHubAPI
    @ObservationIgnored private let store: any PersonFavoritesStore
    @ObservationIgnored private let actions: Actions
    @ObservationIgnored private var nextRepositories: URL?
    @ObservationIgnored private var loadTask: Task<Void, Never>?
    @ObservationIgnored private var pageTask: Task<Void, Never>?
    @ObservationIgnored private var observationTask: Task<Void, Never>?
    @ObservationIgnored private var followTask: Task<Void, Never>?
    /// The signed-in account's login (nil signed out: no Follow button); an environment token's
    /// may have to be asked of GitHub.
    @ObservationIgnored private let account: @MainActor () async -> String?
    /// Told what GitHub said about following this person (its check, a Follow or Unfollow sent).
    @ObservationIgnored public var onFollowKnown: (@MainActor (UserID, Bool) -> Void)?

    public init(user: User, api: any GitHubAPI, store: any PersonFavoritesStore, notes: FavoriteNotesViewModel? = nil, watch: NewsWatchViewModel? = nil,
                account: @escaping @MainActor () async -> String? = { nil }, actions: Actions) {
        self.state = PersonDetailState(user: user)
        self.notes = notes
        self.watch = watch
        self.api = api
        self.store = store
        self.account = account
        self.actions = actions
        let stream = store.observeFavoriteIDs()
        observationTask = Task { [weak self] in
            for await ids in stream { self?.favoriteChanged(ids.contains(user.id)) }
        }
    }

    isolated deinit {
        observationTask?.cancel()
        loadTask?.cancel()
        pageTask?.cancel()
        followTask?.cancel()
    }

    public func send(_ input: Input) {
        switch input {
        case .load, .retry, .refresh: load()
        case .toggleFavorite: toggleFavorite()
        case .openInBrowser:
            if let url = state.profileURL { actions.openURL(url) }
        case .openBlog:
            if let url = state.blogURL { actions.openURL(url) }
        case .reachedEndOfRepositories: loadMoreRepositories()
        case .openRepository(let id):
            if let repository = state.repositories.first(where: { $0.id == id }) { actions.showRepository(repository) }
        case .toggleFollow: toggleFollow()
        }
    }

    private func load() {
        loadTask?.cancel()
        // The first page of repositories comes again: a later page on its way would be stale.
        pageTask?.cancel()
        let login = state.user.login
        if let cached = api.cachedUser(login: login) {
            state.profile = cached
            state.phase = .loaded
        } else {
            state.phase = .loading
        }
        state.refreshError = nil
        loadTask = Task { [weak self, api] in
            async let profile = Result(catching: { () async throws(GitHubError) in try await api.user(login: login) })
            async let repositories = Result(catching: { () async throws(GitHubError) in try await api.repositories(login: login) })
            let (profileResult, repositoriesResult) = await (profile, repositories)
            guard !Task.isCancelled else { return }
            self?.apply(profileResult)
            self?.apply(repositoriesResult)
            await self?.checkFollowing()
        }
    }

    private func apply(_ result: Result<UserProfile, GitHubError>) {
        switch result {
        case .success(let profile):
            state.profile = profile
            state.phase = .loaded
            recordProfile(profile)
        case .failure(.cancelled):
            break
        case .failure(let error):
            if case .unauthorized = error { actions.signInRequired { [weak self] in self?.send(.retry) } }
            // A cached profile stays on screen; only its refresh failed.
            if state.profile != nil { state.refreshError = error.localizedDescription } else { state.phase = .failed(message: error.localizedDescription) }
        }
    }

    private func apply(_ result: Result<Page<Repository>, GitHubError>) {
        switch result {
        case .success(let page):
            state.repositories = page.items
            nextRepositories = page.next
            state.repositoriesPhase = .loaded
        case .failure(.cancelled):
            break
        case .failure(let error):
            state.repositoriesPhase = .failed(message: error.localizedDescription)
        }
    }

    private func loadMoreRepositories() {
        guard state.repositoriesPhase == .loaded, let next = nextRepositories else { return }
        state.repositoriesPhase = .loadingMore
        pageTask = Task { [weak self, api] in
            let result = await Result(catching: { () async throws(GitHubError) in try await api.repositories(page: next) })
            guard let self, !Task.isCancelled else { return }
            switch result {
            case .success(let page):
                let known = Set(state.repositories.map(\.id))
                state.repositories += page.items.filter { !known.contains($0.id) }
                nextRepositories = page.next
                state.repositoriesPhase = .loaded
            case .failure(let error):
                state.repositoriesPhase = .failed(message: error.localizedDescription)
            }
        }
    }

    /// A favorite's revalidated profile is remembered (the first as what later ones are compared
    /// with); what changed since shows in the pane. Not a favorite: nothing is kept.
    private func recordProfile(_ profile: UserProfile) {
        do { state.changesSinceStarred = try store.recordProfile(profile) } catch {
            state.changesSinceStarred = nil
        }
    }

    private func toggleFavorite() {
        do {
            if state.isFavorite {
                try store.remove(id: state.user.id)
                state.changesSinceStarred = nil
            } else {
                try store.add(state.profile.map { PersonFavorite($0) } ?? PersonFavorite(state.user))
                if let profile = state.profile { recordProfile(profile) }
            }
            favoriteChanged(!state.isFavorite)
        } catch {
            actions.showError(error.localizedDescription)
        }
    }

    // MARK: Follow

    /// Asks GitHub whether the account follows this person (or organization, which GitHub lets
    /// people follow too), signed in and when it is someone else; not a bot. A failed check
    /// hides the button rather than guess.
    private func checkFollowing() async {
        guard let me = await account(), me.lowercased() != state.login.lowercased(), (state.profile?.type ?? state.user.type) != .bot else {
            state.follow = nil
            return
        }
        guard state.follow?.isChanging != true else { return }
        if state.follow == nil { state.follow = FollowState(isFollowing: nil) }
        let login = state.login
        do {
            let following = try await api.isFollowing(login: login)
            guard !Task.isCancelled, state.follow?.isChanging != true else { return }
            state.follow = FollowState(isFollowing: following)
            onFollowKnown?(state.user.id, following)
        } catch {
            guard !Task.isCancelled else { return }
            state.follow = nil
        }
    }

    private func toggleFollow() {
        guard let follow = state.follow, follow.isEnabled, let wasFollowing = follow.isFollowing else { return }
        let login = state.login
        state.follow = FollowState(isFollowing: !wasFollowing, isChanging: true)
        adjustFollowers(by: wasFollowing ? -1 : 1)
        followTask = Task { [weak self, api] in
            let result = await Result(catching: { () async throws(GitHubError) in
                if wasFollowing { try await api.unfollow(login: login) } else { try await api.follow(login: login) }
            })
            guard let self, !Task.isCancelled else { return }
            switch result {
            case .success:
                state.follow = FollowState(isFollowing: !wasFollowing)
                onFollowKnown?(state.user.id, !wasFollowing)
            case .failure(let error):
                // Rolled back: GitHub's state is what it was.
                state.follow = FollowState(isFollowing: wasFollowing)
                adjustFollowers(by: wasFollowing ? 1 : -1)
                if case .unauthorized = error {
                    actions.signInRequired { [weak self] in self?.send(.refresh) }
                } else {
                    actions.showError(FollowState.failureMessage(login: login, follow: !wasFollowing, error: error))
                }
            }
        }
    }

    /// The profile's follower count as GitHub will have it after the change.
    private func adjustFollowers(by change: Int) {
        guard var profile = state.profile else { return }
        profile.followers = max(profile.followers + change, 0)
        state.profile = profile
    }

    /// Starred or unstarred (here or elsewhere): the state, and the bell that shows only for a favorite.
    private func favoriteChanged(_ isFavorite: Bool) {
        if state.isFavorite != isFavorite { state.isFavorite = isFavorite }
        watch?.favoriteChanged(isFavorite)
    }
}
