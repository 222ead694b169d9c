import Foundation
import Testing
@testable import GitHubFinderCore

/// Favorites' READMEs kept in the real SQLite file to read offline: only while starred, shown
/// when the repository's page cannot be had, kept when a repository is starred after reading it.
@MainActor
@Suite("READMEs of favorite repositories, kept offline")
struct FavoriteReadmesTests {
    static let readme = KeptReadme(markdown: "# Swift\n\nSee [the guide](docs/guide.md).\n", branch: "main")

    @Test func onlyAFavoritesReadmeIsKeptAndUnstarringForgetsIt() throws {
        let database = try NotesAndTagsTests.database()
        database.keep(Self.readme, repositoryID: 100)
        #expect(database.keptReadme(repositoryID: 100) == nil, "not a favorite: nothing kept")
        try database.save(NotesAndTagsTests.repository(100))
        database.keep(Self.readme, repositoryID: 100)
        #expect(database.keptReadme(repositoryID: 100) == Self.readme)
        let newer = KeptReadme(markdown: "# Swift 6\n", branch: "release")
        database.keep(newer, repositoryID: 100)
        #expect(database.keptReadme(repositoryID: 100) == newer, "a newer fetch replaces it")
        _ = try database.delete(Repositories.self, id: 100)
        #expect(database.keptReadme(repositoryID: 100) == nil, "unstarred: forgotten")
    }

    @Test func offlineAFavoritesPageShowsItsKeptReadme() async throws {
        let database = try NotesAndTagsTests.database()
        try database.save(NotesAndTagsTests.repository(100))
        database.keep(Self.readme, repositoryID: 100)
        let api = GitHubAPIFake()
        let model = ReadmeViewModel(api: api, archive: database, openURL: { _ in })
        let repository = Repository(id: 100, name: "swift", fullName: "apple/swift", description: nil, language: nil, stars: 1, forks: 0, isFork: false,
                                    isArchived: false, pushedAt: nil, htmlURL: URL(string: "https://github.com/apple/swift"))
        model.showKept(repository: repository, apiHost: nil)
        #expect(await eventually { if case .loaded = model.phase { true } else { false } })
        guard case .loaded(let document) = model.phase, case .paragraph(let runs) = document.blocks[1].content else { Issue.record("\(model.phase)"); return }
        #expect(runs.compactMap(\.link) == [.web(URL(string: "https://github.com/apple/swift/blob/main/docs/guide.md")!)], "links resolve against the kept branch")
        #expect(api.calls.isEmpty, "nothing asked of the network")
    }

    @Test func aReadmeReadBeforeStarringIsKeptOnceStarred() async throws {
        let database = try NotesAndTagsTests.database()
        let api = GitHubAPIFake()
        api.readmeText = { _, _ in "# Later\n" }
        api.release = { _, _ in nil }
        let model = ReadmeViewModel(api: api, archive: database, openURL: { _ in })
        let repository = Repository(id: 100, name: "swift", fullName: "apple/swift", description: nil, language: nil, stars: 1, forks: 0, isFork: false,
                                    isArchived: false, pushedAt: nil, htmlURL: URL(string: "https://github.com/apple/swift"))
        model.load(repository: repository, branch: "main", apiHost: nil)
        #expect(await eventually { if case .loaded = model.phase { true } else { false } })
        #expect(database.keptReadme(repositoryID: 100) == nil, "not a favorite yet")
        try database.save(NotesAndTagsTests.repository(100))
        model.keepFetched(repositoryID: 100)
        #expect(await eventually { database.keptReadme(repositoryID: 100) == KeptReadme(markdown: "# Later\n", branch: "main") })
    }
}
