import Foundation

/// How search results are ordered. `bestMatch` is GitHub's default and sends no `sort`.
public enum UserSearchSort: String, Sendable, Hashable, CaseIterable {
    case bestMatch
    case followers
    case repositories
    case joined
}

/// `order` only matters when a sort other than best match is chosen.
public enum SortOrder: String, Sendable, Hashable {
    case descending = "desc"
    case ascending = "asc"
}

/// A query as the user typed it, guaranteed not blank, so an empty search can never reach the
/// network (GitHub answers `q=` with 422).
public struct SearchQuery: Sendable, Hashable, CustomStringConvertible {
    /// The longest query we send. GitHub rejects more than 256 characters of search text;
    /// qualifiers come on top, so the guard here is only against absurd input.
    public static let maximumLength = 1_024

    /// The trimmed text, sent exactly as typed.
    public let text: String

    /// Nil when the text is empty or only whitespace.
    public init?(_ raw: String) {
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return nil }
        text = trimmed
    }

    public var description: String { text }
}

/// Everything that defines the first page of a user search.
public struct UserSearchRequest: Sendable, Hashable {
    public var query: SearchQuery
    public var sort: UserSearchSort
    public var order: SortOrder
    /// 1…100; GitHub's default is 30.
    public var perPage: Int

    /// GitHub's most: 100 results a request, so the 1,000-result cap costs 10 searches.
    public static let maximumPerPage = 100

    public init(query: SearchQuery, sort: UserSearchSort = .bestMatch, order: SortOrder = .descending, perPage: Int = maximumPerPage) {
        self.query = query
        self.sort = sort
        self.order = order
        self.perPage = min(max(perPage, 1), Self.maximumPerPage)
    }
}
