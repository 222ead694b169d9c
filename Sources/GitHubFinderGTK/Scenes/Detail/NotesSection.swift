import Foundation
import GitHubFinderCore

/// A favorite's note and tags in its detail pane (person or repository): "Add Note" or the note
/// editor, the tags as chips with a remove button each, and the tag entry, which completes
/// tags other favorites carry. Shown while it is a favorite; renders `FavoriteNotesViewModel`.
@MainActor
final class NotesSection {
    typealias State = FavoriteNotesViewModel.State

    let root = Box(.vertical, spacing: 8, classes: ["notes-section"])
    let addNoteButton = Button(label: State.addNoteLabel, icon: "document-edit-symbolic", classes: ["flat"])
    let editor = TextView()
    /// The editor in a frame that grows with the note up to a point, then scrolls.
    private let editorFrame: ScrolledWindow
    let tagEntry = Entry(placeholder: State.tagsPlaceholder)
    private let chips = FlowBox(spacing: 6, classes: ["tag-chips"])
    private let errorLabel = Label(classes: ["error"])
    private let viewModel: FavoriteNotesViewModel
    private var shownTags: [String]?
    private var shownSuggestions: [String]?
    private var connections: [SignalConnection] = []
    private var chipConnections: [SignalConnection] = []
    private var observation: StateObservation?
    /// Set while the editor's text is being set from the state, so it is not sent back.
    private var isRendering = false

    init(viewModel: FavoriteNotesViewModel) {
        self.viewModel = viewModel
        editorFrame = ScrolledWindow(growing: editor, minimum: 60, maximum: 240)
        editorFrame.addClass("note-editor")
        let heading = Label(State.heading, classes: ["heading"])
        root.append(heading)
        addNoteButton.setAlign(horizontal: .start)
        addNoteButton.setAccessibleLabel(AccessibleNames.addNote)
        root.append(addNoteButton)
        editor.setAccessibleLabel(AccessibleNames.note)
        root.append(editorFrame)
        chips.setVisible(false)
        root.append(chips)
        tagEntry.setAccessibleLabel(AccessibleNames.tags)
        root.append(tagEntry)
        errorLabel.setWrap()
        errorLabel.setVisible(false)
        root.append(errorLabel)
        connections = [
            addNoteButton.onClicked { [weak self] in
                self?.viewModel.send(.addNote)
                self?.observation?.flush()
                self?.editor.grabFocus()
            },
            editor.onChanged { [weak self] in
                guard let self, !isRendering else { return }
                viewModel.send(.noteEdited(editor.text))
            },
            onFocusLeave(editor) { [weak self] in self?.viewModel.send(.finishEditing) },
            tagEntry.onActivate { [weak self] in
                guard let self else { return }
                viewModel.send(.addTags(tagEntry.text))
                tagEntry.setText("")
            },
        ]
        observation = StateObservation({ [viewModel] in viewModel.state }) { [weak self] state in self?.render(state) }
    }

    private func render(_ state: State) {
        root.setVisible(state.isAvailable)
        addNoteButton.setVisible(!state.isEditorShown)
        editorFrame.setVisible(state.isEditorShown)
        if editor.text != state.note {
            isRendering = true
            editor.setText(state.note)
            isRendering = false
        }
        if shownTags != state.tags {
            shownTags = state.tags
            renderChips(state.tags)
        }
        if shownSuggestions != state.suggestedTags {
            shownSuggestions = state.suggestedTags
            tagEntry.setCompletions(state.suggestedTags)
        }
        errorLabel.show(state.errorMessage)
    }

    private func renderChips(_ tags: [String]) {
        chips.removeAll()
        chipConnections = []
        chips.setVisible(!tags.isEmpty)
        for tag in tags {
            let chip = Box(.horizontal, spacing: 2, classes: ["tag-chip", "editable"])
            let label = Label(tag)
            label.setAlign(vertical: .center)
            chip.append(label)
            let remove = Button(icon: "window-close-symbolic", classes: ["flat", "circular"])
            remove.setAccessibleLabel(State.removeTagLabel(tag))
            remove.setTooltip(State.removeTagLabel(tag))
            chipConnections.append(remove.onClicked { [weak self] in self?.viewModel.send(.removeTag(tag)) })
            chip.append(remove)
            chips.append(chip)
        }
    }
}
