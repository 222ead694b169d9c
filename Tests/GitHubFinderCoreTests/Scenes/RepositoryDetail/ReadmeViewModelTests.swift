import Foundation
import Testing
@testable import GitHubFinderCore

@MainActor
@Suite("README: the detail pane's view model")
struct ReadmeViewModelTests {
    static let repository = Repository(id: 1, name: "GRDB.swift", fullName: "groue/GRDB.swift", description: nil, language: "Swift", stars: 1, forks: 0,
                                       isFork: false, isArchived: false, pushedAt: nil, htmlURL: URL(string: "https://github.com/groue/GRDB.swift"))
    nonisolated static let now = Date(timeIntervalSince1970: 1_800_000_000)

    func make(_ api: GitHubAPIFake, opened: OpenedURLs = OpenedURLs()) -> ReadmeViewModel {
        ReadmeViewModel(api: api, openURL: { opened.urls.append($0) }, now: { Self.now })
    }

    final class OpenedURLs { var urls: [URL] = [] }

    @Test func theReadmeAndReleaseAreParsedWithTheRepositorysBranch() async throws {
        let api = GitHubAPIFake()
        api.readmeText = { _, _ in "# Title\n\nSee [docs](Docs/Guide.md) and ![logo](logo.png) ![badge](https://img.shields.io/x.svg)\n" }
        api.release = { _, _ in Release(tag: "v7.10.0", name: "GRDB 7.10", notes: "* fixed", publishedAt: Self.now.addingTimeInterval(-3 * 86_400),
                                         htmlURL: URL(string: "https://github.com/groue/GRDB.swift/releases/tag/v7.10.0")) }
        let opened = OpenedURLs()
        let model = make(api, opened: opened)
        #expect(model.phase == .idle)
        model.load(repository: Self.repository, branch: "master", apiHost: "api.github.com")
        #expect(model.phase == .loading)
        #expect(await eventually { if case .loaded = model.phase { true } else { false } })
        guard case .loaded(let document) = model.phase, case .paragraph(let runs) = document.blocks[1].content else { Issue.record("no paragraph"); return }
        #expect(runs.compactMap(\.link) == [.web(URL(string: "https://github.com/groue/GRDB.swift/blob/master/Docs/Guide.md")!)])
        let images = runs.compactMap(\.image)
        #expect(images.map(\.source.absoluteString) == ["https://raw.githubusercontent.com/groue/GRDB.swift/master/logo.png", "https://img.shields.io/x.svg"])
        #expect(model.release == ReadmeViewModel.ReleaseSummary(title: "GRDB 7.10", subtitle: "v7.10.0 · Published 3 days ago",
                                                               notes: MarkdownDocument(blocks: [MarkdownBlock(.paragraph([MarkdownRun("fixed")]), listDepth: 1, marker: .bullet)]),
                                                               page: URL(string: "https://github.com/groue/GRDB.swift/releases/tag/v7.10.0")))
        model.send(.openRelease)
        model.send(.openLink(.web(URL(string: "https://example.com/")!)))
        model.send(.openLink(.anchor("title")))
        #expect(opened.urls.map(\.absoluteString) == ["https://github.com/groue/GRDB.swift/releases/tag/v7.10.0", "https://example.com/"])
    }

    @Test func aReleaseOpenedFromWhatsNewIsThatTagsNotTheLatest() async throws {
        let api = GitHubAPIFake()
        api.readmeText = { _, _ in "# Hi\n" }
        api.taggedRelease = { _, _, tag in Release(tag: tag, name: "GRDB \(tag)", publishedAt: Self.now) }
        let model = ReadmeViewModel(api: api, releaseTag: "v7.9.0", openURL: { _ in }, now: { Self.now })
        #expect(model.releaseSectionName == "Release" && make(api).releaseSectionName == "Latest Release")
        model.load(repository: Self.repository, branch: "master", apiHost: nil)
        #expect(await eventually { model.release?.title == "GRDB v7.9.0" })
        #expect(api.calls.contains("release groue/GRDB.swift v7.9.0") && !api.calls.contains { $0.hasPrefix("latest release") })
    }

    @Test func imagesFromOtherSitesWaitUntilAskedFor() async throws {
        let api = GitHubAPIFake()
        api.readmeText = { _, _ in "![logo](logo.png) ![pixel](https://tracker.example/p.gif)\n" }
        api.release = { _, _ in nil }
        let model = make(api)
        model.load(repository: Self.repository, branch: "main", apiHost: nil)
        #expect(await eventually { model.hasExternalImages })
        guard case .loaded(let document) = model.phase, case .paragraph(let runs) = document.blocks[0].content else { return }
        let images = runs.compactMap(\.image)
        #expect(images.map(model.mayLoad) == [true, false])
        api.image = { url throws(GitHubError) in Data(url.lastPathComponent.utf8) }
        #expect(await model.imageData(images[0]) == Data("logo.png".utf8))
        #expect(await model.imageData(images[1]) == nil, "the tracking pixel is not fetched")
        #expect(api.calls.filter { $0.hasPrefix("image ") } == ["image https://raw.githubusercontent.com/groue/GRDB.swift/main/logo.png"])
        #expect(model.externalImageBytesFetched == 0)
        model.send(.showExternalImages)
        #expect(images.map(model.mayLoad) == [true, true])
        #expect(await model.imageData(images[1]) == Data("p.gif".utf8))
        #expect(model.imageBytesFetched == 13 && model.externalImageBytesFetched == 5)
        #expect(model.release == nil)
    }

    @Test func noReadmeIsSaidAndAFailedRefreshKeepsTheOneShown() async throws {
        let api = GitHubAPIFake()
        api.readmeText = { _, _ in nil }
        api.release = { _, _ in nil }
        let model = make(api)
        model.load(repository: Self.repository, branch: "main", apiHost: nil)
        #expect(await eventually { model.phase == .none })

        api.readmeText = { _, _ in "# Hi\n" }
        model.load(repository: Self.repository, branch: "main", apiHost: nil)
        #expect(await eventually { if case .loaded = model.phase { true } else { false } })
        let shown = model.phase

        api.readmeText = { _, _ throws(GitHubError) in throw .serverError(status: 502) }
        model.load(repository: Self.repository, branch: "main", apiHost: nil)
        #expect(await eventually { model.refreshError == "GitHub had a problem (HTTP 502). Try again." })
        #expect(model.phase == shown, "the README stays on screen")

        let fresh = make(api)
        fresh.load(repository: Self.repository, branch: "main", apiHost: nil)
        #expect(await eventually { fresh.phase == .failed(message: "GitHub had a problem (HTTP 502). Try again.") })
    }
}
