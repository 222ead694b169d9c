import Foundation
import Observation

/// The People list of the Favorites tab.
public typealias PeopleFavoritesViewModel = ScopedFavoritesViewModel<PeopleFavoritesSource>
/// The Repositories list of the Favorites tab.
public typealias RepositoryFavoritesViewModel = ScopedFavoritesViewModel<RepositoryFavoritesSource>

/// One list of the Favorites tab (people or repositories): letter sections, an instant filter,
/// unstar with Undo. `Source` says what differs.
@MainActor @Observable
public final class ScopedFavoritesViewModel<Source: FavoritesSource> {
    public typealias Snapshot = Source.Snapshot

    public enum Input: Equatable, Sendable {
        case filterChanged(String)
        /// A tag of the tag bar turned on or off: the list shows those carrying every tag on.
        case toggleTag(String)
        case unstar(Int64)
        /// Put back the favorite removed last.
        case undo
        /// The Undo toast went away.
        case dismissUndo
        /// The user closed the error message.
        case dismissError
        case select(Int64)
    }

    public struct State: Equatable, Sendable {
        public var filter = ""
        /// Every tag of this list's favorites, the most used first: the tag bar.
        public var tags: [TagCount] = []
        /// The tags turned on in the tag bar, in the order they were.
        public var selectedTags: [String] = []
        /// Letter headers interleaved with favorites; empty sections dropped.
        public var rows: [FavoritesRow] = []
        /// How many favorites exist, whatever the filter.
        public var totalCount = 0
        /// Offered after an unstar: "Removed octocat from favorites" with Undo.
        public var undo: Snapshot?
        /// Set when a write (unstar, undo) failed, saying which and why; cleared by the next
        /// write that succeeds.
        public var errorMessage: String?
        /// Shown above the list for the whole session: the favorites file was found damaged and
        /// moved aside (where to), or favorites live only in memory (why).
        public var notice: String?
        /// False until the store has answered once.
        public var isLoaded = false
        /// Counts the store's answers: when it changes, what a favorite row shows may have
        /// changed (a name filled in) even where the rows did not.
        public var contentVersion = 0

        public init() {}

        /// "No Favorites Yet".
        public var isEmpty: Bool { isLoaded && totalCount == 0 }
        public func isSelected(_ tag: String) -> Bool { selectedTags.contains { $0.caseInsensitiveCompare(tag) == .orderedSame } }
        /// Favorites exist but none matches the filter.
        public var hasNoMatches: Bool { totalCount > 0 && rows.isEmpty }
        public var undoMessage: String? { undo.map { Source.undoMessage(Source.Kind.name(of: $0)) } }

        /// The page shown instead of the list: no favorites at all, or none matching the filter.
        public var statePage: StatePage? {
            if isEmpty { return Source.emptyPage }
            guard hasNoMatches else { return nil }
            return filter.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty && !selectedTags.isEmpty ? Self.noTaggedPage : Source.noMatchesPage
        }

        /// No favorite carries every tag turned on.
        static var noTaggedPage: StatePage {
            StatePage(name: "noTagged", icon: "tag-symbolic", title: tr("No Favorites With All These Tags"),
                      description: tr("Turn a tag off to see more."))
        }

        static func unstarFailed(_ name: String, _ error: any Error) -> String {
            Source.unstarFailed(name, reason: error.localizedDescription)
        }

        static func undoFailed(_ name: String, _ error: any Error) -> String {
            Source.undoFailed(name, reason: error.localizedDescription)
        }
    }

    public struct Actions {
        public var showDetail: @MainActor (Source.Selection) -> Void

        public init(showDetail: @escaping @MainActor (Source.Selection) -> Void) {
            self.showDetail = showDetail
        }
    }

    public internal(set) var state = State()

    @ObservationIgnored private let source: Source
    @ObservationIgnored private let actions: Actions
    @ObservationIgnored private var index = FavoritesIndex<Source.Kind>()
    /// Every row of `index` (a blank filter), kept from when it was first made: clearing the
    /// filter over 100,000 favorites then hands over this array instead of making 100,027 rows
    /// on the keystroke. Made in the index itself it cost opening the tab 40 ms more.
    @ObservationIgnored private var unfilteredRows: [FavoritesRow]?
    /// What the last filters matched in `index`, for the next keystroke to start from.
    @ObservationIgnored private var matches = FilterMatches()
    @ObservationIgnored private var observationTask: Task<Void, Never>?

    /// `notice`: what the list says for the whole session about where favorites are kept (see
    /// `AppDependencies.makePeopleFavoritesViewModel` and `makeRepositoryFavoritesViewModel`).
    public init(source: Source, actions: Actions, notice: String? = nil) {
        self.source = source
        self.actions = actions
        state.notice = notice
        // The store builds the index where it reads (off the main thread); only rows are made here.
        let stream = source.observeIndex()
        observationTask = Task { [weak self] in
            for await index in stream { self?.indexChanged(index) }
        }
    }

    isolated deinit {
        observationTask?.cancel()
    }

    /// The snapshot behind a row, for the view to draw when it binds the row (made on demand
    /// from the compact index: call it per bound row, not for the whole list).
    public func favorite(_ id: Int64) -> Snapshot? {
        index.favorite(id)
    }

    /// What the row of favorite `id` shows (call it per bound row).
    public func row(_ id: Int64) -> Source.Kind.Row? { index.row(id) }

    /// The compact index the rows come from (a bound row asks it what to draw).
    public var currentIndex: FavoritesIndex<Source.Kind> { index }

    public func send(_ input: Input) {
        switch input {
        case .filterChanged(let text):
            guard text != state.filter else { return }
            state.filter = text
            state.rows = rows(matching: text)
        case .toggleTag(let tag):
            if state.isSelected(tag) {
                state.selectedTags.removeAll { $0.caseInsensitiveCompare(tag) == .orderedSame }
            } else {
                state.selectedTags.append(tag)
            }
            state.rows = rows(matching: state.filter)
        case .unstar(let id):
            do {
                guard let snapshot = index.favorite(id) else { return }
                state.undo = try source.remove(snapshot) ?? state.undo
                state.errorMessage = nil
            } catch {
                state.errorMessage = State.unstarFailed(index.favorite(id).map(Source.Kind.name(of:)) ?? "", error)
            }
        case .undo:
            guard let snapshot = state.undo else { return }
            do {
                try source.restore(snapshot)
                state.undo = nil
                state.errorMessage = nil
            } catch {
                // The Undo stays offered, so it can be tried again.
                state.errorMessage = State.undoFailed(Source.Kind.name(of: snapshot), error)
            }
        case .dismissUndo:
            state.undo = nil
        case .dismissError:
            state.errorMessage = nil
        case .select(let id):
            if let snapshot = index.favorite(id) { actions.showDetail(source.selection(snapshot)) }
        }
    }

    private func rows(matching filter: String) -> [FavoritesRow] {
        let needle = FilterMatches.needle(filter)
        guard needle.isEmpty, state.selectedTags.isEmpty else {
            let positions = needle.isEmpty ? nil : matches.positions(for: needle) { [index] in index.positions(matching: needle, among: $0) }
            return index.rows(at: positions, tags: Set(state.selectedTags))
        }
        if let unfilteredRows { return unfilteredRows }
        let rows = index.rows(matching: "", tags: [])
        unfilteredRows = rows
        return rows
    }

    /// Takes the rebuilt index when the store changed (a star anywhere), keeping the filter.
    private func indexChanged(_ index: FavoritesIndex<Source.Kind>) {
        self.index = index
        unfilteredRows = nil
        matches = FilterMatches()
        state.totalCount = index.count
        let tags = index.tags
        if state.tags != tags {
            state.tags = tags
            // A tag no favorite carries any more is turned off.
            state.selectedTags.removeAll { selected in !tags.contains { $0.name.caseInsensitiveCompare(selected) == .orderedSame } }
        }
        state.rows = rows(matching: state.filter)
        state.isLoaded = true
        state.contentVersion &+= 1
    }
}

extension ScopedFavoritesViewModel where Source == PeopleFavoritesSource {
    public convenience init(store: any PersonFavoritesStore, actions: Actions, notice: String? = nil) {
        self.init(source: PeopleFavoritesSource(store: store), actions: actions, notice: notice)
    }
}
