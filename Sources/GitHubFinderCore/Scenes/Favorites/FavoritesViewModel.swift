import Foundation
import Observation

/// The Favorites tab: letter sections, an instant filter, unstar with Undo.
@MainActor @Observable
public final class FavoritesViewModel {
    public enum Input: Equatable, Sendable {
        case filterChanged(String)
        case unstar(UserID)
        /// Put back the favorite removed last.
        case undo
        /// The Undo toast went away.
        case dismissUndo
        /// The user closed the error message.
        case dismissError
        case select(UserID)
    }

    public struct State: Equatable, Sendable {
        public var filter = ""
        /// Letter headers interleaved with favorites; empty sections dropped.
        public var rows: [FavoritesRow] = []
        /// How many favorites exist, whatever the filter.
        public var totalCount = 0
        /// Offered after an unstar: "Removed octocat from favorites" with Undo.
        public var undo: Favorite?
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

        /// "No Favorites Yet".
        public var isEmpty: Bool { isLoaded && totalCount == 0 }
        /// Favorites exist but none matches the filter.
        public var hasNoMatches: Bool { totalCount > 0 && rows.isEmpty }
        public var undoMessage: String? { undo.map { tr("Removed {login} from favorites", ["login": $0.login]) } }

        static func unstarFailed(_ login: String?, _ error: FavoritesStoreError) -> String {
            // TRANSLATORS: {reason} is a whole sentence saying what went wrong.
            guard let login else { return tr("The user could not be removed from favorites. {reason}", ["reason": error.localizedDescription]) }
            return tr("{login} could not be removed from favorites. {reason}", ["login": login, "reason": error.localizedDescription])
        }

        static func undoFailed(_ login: String, _ error: FavoritesStoreError) -> String {
            // TRANSLATORS: {reason} is a whole sentence saying what went wrong.
            tr("{login} could not be put back in favorites. {reason}", ["login": login, "reason": error.localizedDescription])
        }
    }

    public struct Actions {
        public var showDetail: @MainActor (User) -> Void

        public init(showDetail: @escaping @MainActor (User) -> Void) {
            self.showDetail = showDetail
        }
    }

    public internal(set) var state = State()

    @ObservationIgnored private let store: any FavoritesStore
    @ObservationIgnored private let actions: Actions
    @ObservationIgnored private var index = FavoritesIndex()
    /// Every row of `index` (a blank filter), kept from when it was first made: clearing the
    /// filter over 100,000 favorites then hands over this array instead of making 100,027 rows
    /// on the keystroke. Made in the index itself it cost opening the tab 40 ms more.
    @ObservationIgnored private var unfilteredRows: [FavoritesRow]?
    @ObservationIgnored private var observationTask: Task<Void, Never>?

    /// `notice`: what the tab says for the whole session about where favorites are kept (see
    /// `AppDependencies.makeFavoritesViewModel`).
    public init(store: any FavoritesStore, actions: Actions, notice: String? = nil) {
        self.store = store
        self.actions = actions
        state.notice = notice
        // The store builds the index where it reads (off the main thread); only rows are made here.
        let stream = store.observeFavoritesIndex()
        observationTask = Task { [weak self] in
            for await index in stream { self?.indexChanged(index) }
        }
    }

    isolated deinit {
        observationTask?.cancel()
    }

    /// The snapshot behind a favorite row, for the view to draw when it binds the row (made on
    /// demand from the compact index: call it per bound row, not for the whole list).
    public func favorite(_ id: UserID) -> Favorite? {
        index.favorite(id)
    }

    /// What the row of favorite `id` shows (call it per bound row).
    public func row(_ id: UserID) -> FavoritesIndex.Row? {
        index.row(id)
    }

    public func send(_ input: Input) {
        switch input {
        case .filterChanged(let text):
            guard text != state.filter else { return }
            state.filter = text
            state.rows = rows(matching: text)
        case .unstar(let id):
            do {
                state.undo = try store.remove(id: id) ?? state.undo
                state.errorMessage = nil
            } catch {
                state.errorMessage = State.unstarFailed(index.favorite(id)?.login, error)
            }
        case .undo:
            guard let favorite = state.undo else { return }
            do {
                try store.add(favorite)
                state.undo = nil
                state.errorMessage = nil
            } catch {
                // The Undo stays offered, so it can be tried again.
                state.errorMessage = State.undoFailed(favorite.login, error)
            }
        case .dismissUndo:
            state.undo = nil
        case .dismissError:
            state.errorMessage = nil
        case .select(let id):
            if let favorite = index.favorite(id) { actions.showDetail(favorite.user) }
        }
    }

    private func rows(matching filter: String) -> [FavoritesRow] {
        guard FavoritesIndex.needle(filter).isEmpty else { return index.rows(matching: filter) }
        if let unfilteredRows { return unfilteredRows }
        let rows = index.rows(matching: "")
        unfilteredRows = rows
        return rows
    }

    /// Takes the rebuilt index when the store changed (a star anywhere), keeping the filter.
    private func indexChanged(_ index: FavoritesIndex) {
        self.index = index
        unfilteredRows = nil
        state.totalCount = index.count
        state.rows = rows(matching: state.filter)
        state.isLoaded = true
        state.contentVersion &+= 1
    }
}
