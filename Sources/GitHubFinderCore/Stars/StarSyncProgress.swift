import Foundation

/// How far a sync has fetched GitHub's stars (100 a page), for a progress indicator.
public struct StarSyncProgress: Equatable, Sendable {
    public var pagesFetched: Int
    public var repositoriesFetched: Int

    public init(pagesFetched: Int = 0, repositoriesFetched: Int = 0) {
        self.pagesFetched = pagesFetched
        self.repositoriesFetched = repositoriesFetched
    }

    /// "Fetched 250 starred repositories…" (before the first page: "Fetching stars from GitHub…").
    public var text: String {
        guard pagesFetched > 0 else { return tr("Fetching stars from GitHub…") }
        return trn("Fetched {count} starred repository…", "Fetched {count} starred repositories…", repositoriesFetched)
    }
}
