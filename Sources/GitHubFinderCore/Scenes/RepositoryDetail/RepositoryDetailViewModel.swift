import Foundation
import Observation

/// A repository's detail pane: what the list row knew at once, then its page and languages
/// (conditional requests: a refresh that finds nothing new costs no quota), star, browser.
@MainActor @Observable
public final class RepositoryDetailViewModel {
    public enum Input: Equatable, Sendable {
        /// Loads the page and languages; again to revalidate them (Refresh, Retry).
        case load
        /// Refresh (F5, Ctrl+R): the same as `load`; the page stays on screen meanwhile, and a
        /// failure keeps it with the reason (`refreshError`).
        case refresh
        case toggleFavorite
        case openInBrowser
        case openHomepage
        /// The owner's avatar or login: the person's detail.
        case openOwner
        /// "Forked from …".
        case openParent
    }

    public struct Actions {
        public var openURL: @MainActor (URL) -> Void
        public var showError: @MainActor (String) -> Void
        public var showOwner: @MainActor (User) -> Void
        public var showRepository: @MainActor (Repository) -> Void
        public var signInRequired: @MainActor (_ retry: @escaping @MainActor () -> Void) -> Void

        public init(openURL: @escaping @MainActor (URL) -> Void, showError: @escaping @MainActor (String) -> Void,
                    showOwner: @escaping @MainActor (User) -> Void = { _ in }, showRepository: @escaping @MainActor (Repository) -> Void = { _ in },
                    signInRequired: @escaping @MainActor (_ retry: @escaping @MainActor () -> Void) -> Void = { _ in }) {
            self.openURL = openURL
            self.showError = showError
            self.showOwner = showOwner
            self.showRepository = showRepository
            self.signInRequired = signInRequired
        }
    }

    public internal(set) var state: RepositoryDetailState
    /// The bell ("Notify me about new releases"), shown while the repository is a favorite.
    public let watch: NewsWatchViewModel?
    /// The note and tags, while the repository is a favorite (nil: not kept, as in tests).
    public let notes: FavoriteNotesViewModel?
    /// The README and latest release, fetched once the page has shown (nil: not shown, as in
    /// tests of the page alone).
    public let readme: ReadmeViewModel?

    @ObservationIgnored private let api: any GitHubAPI
    @ObservationIgnored private let starring: any RepositoryStarring
    @ObservationIgnored private let actions: Actions
    @ObservationIgnored private var loadTask: Task<Void, Never>?
    @ObservationIgnored private var observationTask: Task<Void, Never>?
    /// The API server's host: its images are GitHub's own (GitHub Enterprise).
    @ObservationIgnored private let apiHost: String?

    public init(repository: Repository, api: any GitHubAPI, starring: any RepositoryStarring, notes: FavoriteNotesViewModel? = nil,
                readme: ReadmeViewModel? = nil, watch: NewsWatchViewModel? = nil, apiHost: String? = nil, actions: Actions, now: @escaping @Sendable () -> Date = Date.init) {
        state = RepositoryDetailState(repository: repository, now: now())
        self.watch = watch
        self.notes = notes
        self.readme = readme
        self.apiHost = apiHost
        self.api = api
        self.starring = starring
        self.actions = actions
        let stream = starring.observeStarredIDs()
        observationTask = Task { [weak self] in
            for await ids in stream { self?.favoriteChanged(ids.contains(repository.id)) }
        }
    }

    isolated deinit {
        observationTask?.cancel()
        loadTask?.cancel()
    }

    public func send(_ input: Input) {
        switch input {
        case .load, .refresh: load()
        case .toggleFavorite: toggleFavorite()
        case .openInBrowser:
            if let url = state.repository.htmlURL { actions.openURL(url) }
        case .openHomepage:
            if let url = state.details?.homepage { actions.openURL(url) }
        case .openOwner:
            if let owner = state.repository.owner { actions.showOwner(owner) }
        case .openParent:
            if let parent = state.details?.parent { actions.showRepository(parent) }
        }
    }

    private func load() {
        loadTask?.cancel()
        guard let (owner, name) = state.ownerAndName else { return }
        if state.details == nil { state.phase = .loading }
        state.refreshError = nil
        loadTask = Task { [weak self, api] in
            async let page = Result(catching: { () async throws(GitHubError) in try await api.repository(owner: owner, name: name) })
            async let languages = Result(catching: { () async throws(GitHubError) in try await api.languages(owner: owner, name: name) })
            let (pageResult, languagesResult) = await (page, languages)
            guard !Task.isCancelled else { return }
            self?.apply(pageResult)
            if case .success(let shares) = languagesResult { self?.state.languages = shares }
        }
    }

    private func apply(_ result: Result<RepositoryDetails, GitHubError>) {
        switch result {
        case .success(let details):
            state.details = details
            state.repository = details.repository
            state.phase = .loaded
            readme?.load(repository: details.repository, branch: details.defaultBranch, apiHost: apiHost)
        case .failure(.cancelled):
            break
        case .failure(let error):
            if case .unauthorized = error { actions.signInRequired { [weak self] in self?.send(.load) } }
            // What the list knew stays on screen; only the page could not be had.
            if state.details != nil { state.refreshError = error.localizedDescription } else { state.phase = .failed(message: error.localizedDescription) }
            // A favorite's README reads offline.
            readme?.showKept(repository: state.repository, apiHost: apiHost)
        }
    }

    private func toggleFavorite() {
        do {
            if state.isFavorite { try starring.unstar(state.repository) } else { try starring.star(state.repository) }
            favoriteChanged(!state.isFavorite)
            if state.isFavorite { readme?.keepFetched(repositoryID: state.repository.id) }
        } catch {
            actions.showError(error.localizedDescription)
        }
    }

    /// Starred or unstarred (here or elsewhere): the state, and the bell that shows only for a favorite.
    private func favoriteChanged(_ isFavorite: Bool) {
        if state.isFavorite != isFavorite { state.isFavorite = isFavorite }
        watch?.favoriteChanged(isFavorite)
    }
}
