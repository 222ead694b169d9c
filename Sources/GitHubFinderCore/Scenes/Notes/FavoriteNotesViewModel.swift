import Foundation
import Observation

/// The note and tags of one favorite, in its detail pane (a person's or a repository's): shown
/// while it is a favorite, saved as they are edited, and kept up to date when they change
/// elsewhere (an import).
@MainActor @Observable
public final class FavoriteNotesViewModel {
    public enum Input: Equatable, Sendable {
        /// "Add Note": the editor shows, empty.
        case addNote
        /// The editor's text changed: saved after a pause in typing.
        case noteEdited(String)
        /// The editor lost the focus (or the pane goes away): saved now.
        case finishEditing
        /// Enter in the tag entry: its text, split at commas, added as tags.
        case addTags(String)
        case removeTag(String)
        case dismissError
    }

    public struct State: Equatable, Sendable {
        /// A favorite: the section shows. Notes belong to favorites only.
        public var isAvailable = false
        /// The editor's text.
        public var note = ""
        public var tags: [String] = []
        /// The editor shows: there is a note, or Add Note was pressed.
        public var isEditorShown = false
        /// A save failed, saying why; cleared by the next save that works.
        public var errorMessage: String?
        /// Tags other favorites carry and this one not, the most used first: what the tag entry
        /// completes.
        public var suggestedTags: [String] = []

        public init() {}

        public static var addNoteLabel: String { tr("Add Note") }
        public static var noteLabel: String { tr("Note") }
        public static var tagsLabel: String { tr("Tags") }
        public static var tagsPlaceholder: String { tr("Add tags, separated by commas") }
        public static var heading: String { tr("Your Note and Tags") }
        /// The remove button of tag `tag`.
        public static func removeTagLabel(_ tag: String) -> String { tr("Remove tag {tag}", ["tag": tag]) }
    }

    public internal(set) var state = State()

    /// The editors alive now, so a note still being typed is saved when the app quits or the
    /// window closes (`saveAllPending`), not lost with the last pause.
    private static var live: [ObjectIdentifier: WeakNotes] = [:]
    private struct WeakNotes { weak var model: FavoriteNotesViewModel? }

    /// Saves every note typed and not saved yet (the window closing, the app quitting).
    public static func saveAllPending() {
        for entry in live.values { entry.model?.send(.finishEditing) }
    }

    @ObservationIgnored private let database: AppDatabase
    @ObservationIgnored private let kind: any FavoriteKind.Type
    @ObservationIgnored private let id: Int64
    @ObservationIgnored private let saveDelay: Duration
    /// The note as last saved (or read): what an edit is compared with.
    @ObservationIgnored private var saved = FavoriteNotes.none
    @ObservationIgnored private var isDirty = false
    @ObservationIgnored private var saveTask: Task<Void, Never>?
    @ObservationIgnored private var observationTask: Task<Void, Never>?

    public init(database: AppDatabase, kind: any FavoriteKind.Type, id: Int64, saveDelay: Duration = .milliseconds(800)) {
        self.database = database
        self.kind = kind
        self.id = id
        self.saveDelay = saveDelay
        Self.live[ObjectIdentifier(self)] = WeakNotes(model: self)
        let stream = database.observeNotes(of: kind, id: id)
        observationTask = Task { [weak self] in
            for await notes in stream { self?.stored(notes) }
        }
    }

    isolated deinit {
        Self.live[ObjectIdentifier(self)] = nil
        observationTask?.cancel()
        saveTask?.cancel()
        if isDirty { save() }
    }

    public func send(_ input: Input) {
        switch input {
        case .addNote:
            state.isEditorShown = true
        case .noteEdited(let text):
            guard text != state.note else { return }
            state.note = text
            isDirty = true
            saveTask?.cancel()
            saveTask = Task { [weak self, saveDelay] in
                try? await Task.sleep(for: saveDelay)
                guard !Task.isCancelled else { return }
                self?.save()
            }
        case .finishEditing:
            saveTask?.cancel()
            if isDirty { save() }
            // An editor left empty goes back to Add Note.
            if FavoriteNotes.cleanNote(state.note) == nil { state.isEditorShown = false }
        case .addTags(let text):
            let added = FavoriteTags.parse(typed: text)
            guard !added.isEmpty else { return }
            state.tags = FavoriteTags.normalized(state.tags + added)
            save()
        case .removeTag(let tag):
            state.tags.removeAll { $0 == tag }
            save()
        case .dismissError:
            state.errorMessage = nil
        }
    }

    /// Writes the editor's note and the tags as they are now.
    private func save() {
        let notes = FavoriteNotes(note: state.note, tags: state.tags)
        isDirty = false
        guard notes != saved else { return }
        do {
            if try database.setNotes(notes, of: kind, id: id) { saved = notes }
            state.errorMessage = nil
        } catch {
            isDirty = true
            state.errorMessage = tr("Your note could not be saved. {reason}", ["reason": error.localizedDescription])
        }
    }

    /// What the database holds now (nil: not a favorite). The editor keeps what is being typed.
    private func stored(_ notes: FavoriteNotes?) {
        state.isAvailable = notes != nil
        guard let notes else {
            state.isEditorShown = false
            return
        }
        saved = notes
        // What is being typed stays, and so does a text that saved as it is (trailing space).
        if !isDirty && FavoriteNotes.cleanNote(state.note) != notes.note {
            state.note = notes.note ?? ""
        }
        if notes.note != nil { state.isEditorShown = true }
        state.tags = notes.tags
        let carried = Set(notes.tags.map { $0.lowercased() })
        state.suggestedTags = ((try? database.allTags()) ?? []).map(\.name).filter { !carried.contains($0.lowercased()) }
    }
}
