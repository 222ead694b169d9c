import Foundation

/// How far "Add everyone you follow to Favorites" has come, for the progress bar above the
/// Favorites list.
public struct FollowingImportProgress: Equatable, Sendable {
    /// New favorites so far.
    public var added = 0
    /// People fetched from GitHub so far (added or already favorites).
    public var seen = 0
    /// How many the account follows, from its profile (nil until known).
    public var total: Int?

    public init(added: Int = 0, seen: Int = 0, total: Int? = nil) {
        self.added = added
        self.seen = seen
        self.total = total
    }

    /// "Adding people you follow… 300 of 5,000" (before the first page: without counts).
    public var text: String {
        guard seen > 0 else { return tr("Adding people you follow…") }
        guard let total, total >= seen else {
            return tr("Adding people you follow… {count} so far", ["count": NumberText.integer(seen)])
        }
        return tr("Adding people you follow… {seen} of {total}", ["seen": NumberText.integer(seen), "total": NumberText.integer(total)])
    }

    /// Between 0 and 1 once the total is known.
    public var fraction: Double? {
        guard let total, total > 0 else { return nil }
        return min(1, Double(seen) / Double(total))
    }
}

/// How an import ended: what the summary toast says.
public enum FollowingImportOutcome: Equatable, Sendable {
    public struct Counts: Equatable, Sendable {
        public var added = 0
        public var alreadyFavorites = 0

        public init(added: Int = 0, alreadyFavorites: Int = 0) {
            self.added = added
            self.alreadyFavorites = alreadyFavorites
        }
    }

    public enum Failure: Equatable, Sendable {
        /// GitHub answered 401 or nobody is signed in.
        case signInRequired
        /// GitHub could not be reached, refused, or the favorites could not be written.
        case reason(String)
    }

    case finished(Counts)
    case cancelled(Counts)
    case failed(Counts, Failure)

    public var counts: Counts {
        switch self {
        case .finished(let counts), .cancelled(let counts), .failed(let counts, _): counts
        }
    }

    /// "Added 212 people, 38 were already favorites", "Stopped: 300 people added", …
    public var message: String {
        let counts = counts
        switch self {
        case .finished where counts.added == 0 && counts.alreadyFavorites == 0:
            return tr("You do not follow anyone yet")
        case .finished where counts.added == 0:
            return tr("Everyone you follow is already a favorite")
        case .finished where counts.alreadyFavorites == 0:
            return Self.added(counts.added)
        case .finished:
            // TRANSLATORS: {added} is "Added 212 people", {already} is "38 were already favorites".
            return tr("{added}, {already}", ["added": Self.added(counts.added),
                                             "already": trn("{count} was already a favorite", "{count} were already favorites", counts.alreadyFavorites)])
        case .cancelled:
            return trn("Stopped after adding {count} person", "Stopped after adding {count} people", counts.added)
        case .failed(_, .signInRequired):
            return tr("Sign in to add everyone you follow to Favorites")
        case .failed(_, .reason(let reason)):
            // TRANSLATORS: {reason} is a whole sentence saying what went wrong.
            return tr("Not everyone you follow could be added to Favorites. {reason}", ["reason": reason])
        }
    }

    private static func added(_ count: Int) -> String {
        trn("Added {count} person", "Added {count} people", count)
    }
}
