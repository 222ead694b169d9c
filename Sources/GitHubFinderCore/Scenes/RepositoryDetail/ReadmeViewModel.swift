import Foundation
import Observation

/// A repository's README and latest release in its detail pane: fetched after the page has
/// shown (never delaying the numbers), parsed off the main thread, links and images judged by
/// `ReadmeLinks`. Images from other sites wait until the user asks for them.
@MainActor @Observable
public final class ReadmeViewModel {
    public enum Phase: Equatable, Sendable {
        /// Not asked for yet (the page is still loading).
        case idle
        case loading
        case loaded(MarkdownDocument)
        /// The repository has no README: said in the pane, not an error.
        case none
        case failed(message: String)
    }

    /// The latest release, as shown above the README.
    public struct ReleaseSummary: Equatable, Sendable {
        /// Its name, or its tag when it has none.
        public var title: String
        /// "v1.2.0 · Published 3 days ago".
        public var subtitle: String
        public var notes: MarkdownDocument?
        public var page: URL?
    }

    public enum Input: Equatable, Sendable {
        /// A link of the README or the release notes was activated (anchors are the view's:
        /// it scrolls to the heading).
        case openLink(MarkdownLink)
        /// "Show images from other sites", for this README.
        case showExternalImages
        case openRelease
    }

    public private(set) var phase: Phase = .idle
    public private(set) var release: ReleaseSummary?
    /// A refresh failed and the README shown is the one fetched before: why.
    public private(set) var refreshError: String?
    /// The user asked for this README's images from other sites.
    public private(set) var showsExternalImages = false

    /// Images from hosts other than GitHub's in what is shown (the button shows only then).
    public var hasExternalImages: Bool {
        guard case .loaded(let document) = phase else { return false }
        return document.blocks.contains { block in block.runs.contains { $0.image?.isGitHubHosted == false } }
    }

    /// Whether `image` may be fetched now: GitHub's own always, others once asked for.
    public func mayLoad(_ image: MarkdownImage) -> Bool {
        image.isGitHubHosted || showsExternalImages
    }

    /// The bytes of `image` when it may be loaded now (`mayLoad`) and could be had, else nil:
    /// the view decodes them. An image from another site is never fetched before the user asks.
    public func imageData(_ image: MarkdownImage) async -> Data? {
        guard mayLoad(image) else { return nil }
        // A redirect may go only where the image could have been fetched from directly.
        let allowsOtherSites = showsExternalImages, links = links
        let mayFollow: @Sendable (URL) -> Bool = { url in allowsOtherSites || links?.isGitHubHosted(url) == true }
        guard let data = try? await api.readmeImage(image.source, mayFollow: mayFollow) else { return nil }
        imageBytesFetched += data.count
        if !image.isGitHubHosted { externalImageBytesFetched += data.count }
        return data
    }

    /// The line under the section's heading: loading, "No README", why it could not be had, or
    /// why a refresh failed (the README fetched before stays shown); nil when nothing to say.
    public var statusText: String? {
        switch phase {
        case .idle: nil
        case .loading: Self.loadingText
        case .none: Self.noReadmeText
        case .failed(let message): message
        case .loaded: refreshError
        }
    }

    /// The document shown (empty until loaded, and when there is none).
    public var document: MarkdownDocument {
        if case .loaded(let document) = phase { document } else { MarkdownDocument() }
    }

    /// "Show images from other sites" is offered: the README has some, not shown yet.
    public var offersExternalImages: Bool { hasExternalImages && !showsExternalImages }

    /// When the README's text last arrived (fetched, or read from what was kept), before it was
    /// parsed: the bench times from here to its first screen drawn.
    @ObservationIgnored public private(set) var receivedAt: ContinuousClock.Instant?
    /// Image bytes fetched for this README, and of those from hosts other than GitHub's.
    @ObservationIgnored public private(set) var imageBytesFetched = 0
    @ObservationIgnored public private(set) var externalImageBytesFetched = 0

    public static var sectionName: String { tr("README") }
    /// "Latest Release", or "Release" for the one of `releaseTag`.
    public var releaseSectionName: String { releaseTag == nil ? tr("Latest Release") : tr("Release") }
    public static var openReleaseLabel: String { tr("Open Release") }
    public static var showExternalImagesLabel: String { tr("Show images from other sites") }
    public static var copyLabel: String { tr("Copy") }
    public static var noReadmeText: String { tr("No README") }
    public static var loadingText: String { tr("Loading the README…") }
    /// What an image without a description is called in its place.
    public static var unnamedImage: String { tr("Image") }

    /// The release shown instead of the latest (an entry of What's New opened).
    public let releaseTag: String?
    @ObservationIgnored private let api: any GitHubAPI
    /// Where favorites' READMEs are kept to read offline (nil: none kept, as in tests).
    @ObservationIgnored private let archive: (any ReadmeArchive)?
    /// The README last fetched, and for which repository: kept when the repository is starred.
    @ObservationIgnored private var fetched: (repositoryID: Int64, readme: KeptReadme)?
    /// How the README shown resolves its links and judges its images' hosts.
    @ObservationIgnored private var links: ReadmeLinks?
    @ObservationIgnored private let openURL: @MainActor (URL) -> Void
    @ObservationIgnored private let now: @Sendable () -> Date
    @ObservationIgnored private var task: Task<Void, Never>?

    public init(api: any GitHubAPI, archive: (any ReadmeArchive)? = nil, releaseTag: String? = nil, openURL: @escaping @MainActor (URL) -> Void,
                now: @escaping @Sendable () -> Date = Date.init) {
        self.api = api
        self.releaseTag = releaseTag
        self.archive = archive
        self.openURL = openURL
        self.now = now
    }

    isolated deinit {
        task?.cancel()
    }

    /// Fetches (again: a refresh revalidates, costing no quota when nothing changed) the README
    /// and release of `repository`, whose page said its default branch.
    public func load(repository: Repository, branch: String?, apiHost: String?) {
        guard let page = repository.htmlURL else { return }
        let parts = repository.fullName.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return }
        task?.cancel()
        if case .loaded = phase {} else { phase = .loading }
        let links = ReadmeLinks(repositoryPage: page, branch: branch ?? "HEAD", apiHost: apiHost)
        self.links = links
        let now = now()
        task = Task { [weak self, api, releaseTag] in
            async let readme = Result(catching: { () async throws(GitHubError) in try await api.readme(owner: parts[0], name: parts[1]) })
            async let latest = Result(catching: { () async throws(GitHubError) in
                if let releaseTag { try await api.release(owner: parts[0], name: parts[1], tag: releaseTag) } else { try await api.latestRelease(owner: parts[0], name: parts[1]) }
            })
            let (readmeResult, releaseResult) = await (readme, latest)
            guard !Task.isCancelled else { return }
            self?.receivedAt = .now
            if case .success(let text?) = readmeResult {
                let kept = KeptReadme(markdown: text, branch: branch ?? "HEAD")
                self?.fetched = (repository.id, kept)
                self?.keep(kept, repositoryID: repository.id)
            }
            let parsed = await Self.offMainThread { Self.parse(readmeResult, releaseResult, links: links, now: now) }
            guard !Task.isCancelled, let self else { return }
            // A failed refresh keeps the README on screen, and says why.
            if let phase = parsed.phase {
                if case .failed(let message) = phase, Self.isLoaded(self.phase) {
                    self.refreshError = message
                } else {
                    self.phase = phase
                    self.refreshError = nil
                }
            }
            // A release that could not be had keeps the one shown.
            if case .success = releaseResult { self.release = parsed.release }
        }
    }

    /// The README kept for `repository` (a favorite read offline), when none is shown: its page
    /// could not be had, so `load` never ran.
    public func showKept(repository: Repository, apiHost: String?) {
        guard !Self.isLoaded(phase), let page = repository.htmlURL, let archive else { return }
        task?.cancel()
        receivedAt = .now
        task = Task { [weak self] in
            // The database may be busy with an import: read off the main thread too.
            let found = await Self.offMainThread { () -> (MarkdownDocument, ReadmeLinks)? in
                guard let kept = archive.keptReadme(repositoryID: repository.id) else { return nil }
                let links = ReadmeLinks(repositoryPage: page, branch: kept.branch, apiHost: apiHost)
                return (try? MarkdownParser.parse(kept.markdown, links: links)).map { ($0, links) }
            }
            guard !Task.isCancelled, let self, let (parsed, links) = found, !Self.isLoaded(phase) else { return }
            self.links = links
            phase = .loaded(parsed)
        }
    }

    /// The repository was starred: the README fetched for it is kept from now on.
    public func keepFetched(repositoryID: Int64) {
        guard let fetched, fetched.repositoryID == repositoryID else { return }
        keep(fetched.readme, repositoryID: repositoryID)
    }

    /// Written off the main thread: the write waits its turn behind an import's.
    private func keep(_ readme: KeptReadme, repositoryID: Int64) {
        guard let archive else { return }
        DispatchQueue.global(qos: .utility).async { archive.keep(readme, repositoryID: repositoryID) }
    }

    public func send(_ input: Input) {
        switch input {
        case .openLink(.web(let url)): openURL(url)
        case .openLink(.anchor): break
        case .showExternalImages: showsExternalImages = true
        case .openRelease: if let page = release?.page { openURL(page) }
        }
    }

    /// What the results become: nil phase when the README could not be had but one is shown
    /// already (a failed refresh keeps it).
    nonisolated private static func parse(_ readme: Result<String?, GitHubError>, _ release: Result<Release?, GitHubError>, links: ReadmeLinks,
                                          now: Date) -> (phase: Phase?, release: ReleaseSummary?) {
        var phase: Phase?
        switch readme {
        case .success(nil): phase = Phase.none
        case .success(let text?):
            do { phase = .loaded(try MarkdownParser.parse(text, links: links)) } catch { phase = .failed(message: error.reason) }
        case .failure(.cancelled): phase = nil
        case .failure(let error): phase = .failed(message: error.localizedDescription)
        }
        var summary: ReleaseSummary?
        if case .success(let latest?) = release {
            let date = latest.publishedAt.map { RelativeTime.published($0, now: now) }
            summary = ReleaseSummary(title: latest.name ?? latest.tag, subtitle: [latest.tag, date].compactMap { $0 }.joined(separator: " · "),
                                     notes: latest.notes.flatMap { try? MarkdownParser.parse($0, links: links) }, page: latest.htmlURL)
        }
        return (phase, summary)
    }

    private static func isLoaded(_ phase: Phase) -> Bool { if case .loaded = phase { true } else { false } }

    /// Runs `work` (a parse) off the main thread: a long README takes milliseconds cmark-gfm
    /// should not take from the window. On a thread of its own: the parse may wait up to its
    /// 3 s for cmark-gfm's child, and the cooperative pool has as many threads as cores.
    nonisolated private static func offMainThread<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async { continuation.resume(returning: work()) }
        }
    }
}
