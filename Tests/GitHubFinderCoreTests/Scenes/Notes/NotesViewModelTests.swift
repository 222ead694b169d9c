import Foundation
import Testing
@testable import GitHubFinderCore

/// The detail pane's note and tags, the Favorites tag bar and GNOME Shell's results, each over a
/// real SQLite file.
@MainActor
@Suite("Notes and tags: detail, tag bar, Shell search")
struct NotesViewModelTests {
    @Test func theNoteAndTagsShowForAFavoriteAndAreSavedAsEdited() async throws {
        let database = try NotesAndTagsTests.database()
        try database.save(PersonFavorite.stub(id: 2, login: "alice"))
        try database.setNotes(FavoriteNotes(tags: ["hiring", "rust"]), of: People.self, id: 2)
        let notes = FavoriteNotesViewModel(database: database, kind: People.self, id: 1, saveDelay: .milliseconds(20))
        #expect(await eventually { !notes.state.isAvailable }, "not a favorite: no section")

        try database.save(PersonFavorite.stub())
        #expect(await eventually { notes.state.isAvailable })
        #expect(!notes.state.isEditorShown, "Add Note until there is one")
        #expect(notes.state.suggestedTags == ["hiring", "rust"], "tags of other favorites complete")

        notes.send(.addNote)
        #expect(notes.state.isEditorShown)
        notes.send(.noteEdited("Met at GUADEC "))
        #expect(await eventually { (try? database.notes(of: People.self, id: 1))?.note == "Met at GUADEC" }, "saved after a pause")
        #expect(notes.state.note == "Met at GUADEC ", "what is typed stays as typed")
        notes.send(.noteEdited("Met at GUADEC 2026"))
        notes.send(.finishEditing)
        #expect(try database.notes(of: People.self, id: 1)?.note == "Met at GUADEC 2026", "saved at once when the editor is left")

        notes.send(.addTags("Hiring, conference 2026"))
        #expect(try database.notes(of: People.self, id: 1)?.tags == ["Hiring", "conference 2026"])
        #expect(await eventually { notes.state.suggestedTags == ["rust"] }, "a tag it carries is not offered")
        notes.send(.removeTag("Hiring"))
        #expect(try database.notes(of: People.self, id: 1)?.tags == ["conference 2026"])

        // Changed elsewhere (an import): shown
        try database.setNotes(FavoriteNotes(note: "From a file", tags: ["imported"]), of: People.self, id: 1)
        #expect(await eventually { notes.state.note == "From a file" && notes.state.tags == ["imported"] })

        // Emptied and left: Add Note again
        notes.send(.noteEdited(""))
        notes.send(.finishEditing)
        #expect(!notes.state.isEditorShown)
        #expect(try database.notes(of: People.self, id: 1) == FavoriteNotes(tags: ["imported"]))

        // Unstarred: the section goes
        _ = try database.delete(People.self, id: 1)
        #expect(await eventually { !notes.state.isAvailable })
    }

    @Test func theTagBarListsTheFavoritesCarryingEveryTagTurnedOn() async throws {
        let store = GRDBFavoritesStore<People>(database: try NotesAndTagsTests.database())
        for (id, login) in [(1, "octocat"), (2, "alice"), (3, "bob")] { try store.add(.stub(id: Int64(id), login: login)) }
        try store.database.setNotes(FavoriteNotes(tags: ["hiring", "conference 2026"]), of: People.self, id: 2)
        try store.database.setNotes(FavoriteNotes(tags: ["hiring"]), of: People.self, id: 3)
        let viewModel = PeopleFavoritesViewModel(store: store, actions: .init(showDetail: { _ in }))
        #expect(await eventually { viewModel.state.tags.count == 2 })
        #expect(viewModel.state.tags.map(\.name) == ["hiring", "conference 2026"])
        func logins() -> [String] { viewModel.state.rows.compactMap { $0.favoriteID.flatMap { viewModel.row($0)?.login } } }

        viewModel.send(.toggleTag("hiring"))
        #expect(logins() == ["alice", "bob"])
        viewModel.send(.toggleTag("conference 2026"))
        #expect(logins() == ["alice"])
        viewModel.send(.filterChanged("bo"))
        #expect(viewModel.state.statePage?.name == "noMatches")
        viewModel.send(.filterChanged(""))
        viewModel.send(.toggleTag("hiring"))
        #expect(logins() == ["alice"] && viewModel.state.selectedTags == ["conference 2026"])

        // The last favorite carrying a tag turned on loses it: the tag is turned off
        try store.database.setNotes(.none, of: People.self, id: 2)
        #expect(await eventually { viewModel.state.selectedTags.isEmpty })
        #expect(logins() == ["alice", "bob", "octocat"])
        #expect(viewModel.state.tags == [TagCount(name: "hiring", count: 1)])
    }

    @Test func shellSearchFindsNotesAndTagsAndSaysThemInTheResultLine() throws {
        let (database, file) = try ShellSearchTests.database()
        try database.setNotes(FavoriteNotes(note: "Met at GUADEC in Riga\nmore", tags: ["conference 2026"]), of: People.self, id: 3)
        try database.setNotes(FavoriteNotes(tags: ["compilers"]), of: Repositories.self, id: 101)
        _ = try database.recordFavoriteProfile(UserProfile(id: 3, login: "zola", name: "Émile Zola", avatarURL: nil, profileURL: nil, type: .user, bio: nil,
                                                           company: nil, location: nil, blog: nil, followers: 1_234, following: 0, publicRepositories: 1, memberSince: nil))
        let search = ShellSearch(file: { file })
        let found = search.metas(search.resultIDs(["guadec"]))
        #expect(found.map(\.name) == ["Émile Zola"])
        #expect(found.first?.description == "zola · \(NumberText.compact(1_234)) followers · Met at GUADEC in Riga · conference 2026")
        #expect(search.metas(search.resultIDs(["conference"])).map(\.name) == ["Émile Zola"])
        #expect(search.metas(search.resultIDs(["compilers"])).map(\.name) == ["apple/swift"])
    }

    @Test func aResultHasTheFavoritesAvatarAsItsIconOnceTheWindowKeptIt() throws {
        let (database, file) = try ShellSearchTests.database()
        let avatar = try #require(URL(string: "https://avatars.githubusercontent.com/u/583231?v=4"))
        try database.save(PersonFavorite(id: 583_231, login: "octoavatar", avatarURL: avatar))
        let folder = AppDatabaseTests.temporaryFolder().appendingPathComponent("avatars")
        let search = ShellSearch(file: { file }, avatarFolder: folder)
        #expect(search.metas(["person:583231"]).first?.icon == nil, "not kept yet: the app's icon")

        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let kept = AvatarFiles.file(for: avatar, in: folder)
        try Data([0x89, 0x50, 0x4E, 0x47]).write(to: kept)
        #expect(search.metas(["person:583231"]).first?.icon == kept)
        #expect(AvatarFiles.file(for: avatar, in: folder) == kept && AvatarFiles.file(for: URL(string: "https://example.com/a")!, in: folder) != kept,
                "one file per avatar URL, always the same")
    }
}
