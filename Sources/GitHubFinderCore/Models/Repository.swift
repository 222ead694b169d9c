import Foundation

/// One of a user's repositories, as listed in the detail pane.
public struct Repository: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var name: String
    public var fullName: String
    public var description: String?
    public var language: String?
    public var stars: Int
    public var forks: Int
    public var isFork: Bool
    public var isArchived: Bool
    public var pushedAt: Date?
    public var htmlURL: URL?
    /// Who owns it (search results and repository pages name the owner; a user's own list
    /// may leave it out).
    public var owner: User?
    public var isTemplate: Bool
    /// The last change of any kind (GitHub's `updated_at`), what "updated 3 days ago" says.
    public var updatedAt: Date?
    public var topics: [String]

    public init(
        id: Int64, name: String, fullName: String, description: String?, language: String?,
        stars: Int, forks: Int, isFork: Bool, isArchived: Bool, pushedAt: Date?, htmlURL: URL?,
        owner: User? = nil, isTemplate: Bool = false, updatedAt: Date? = nil, topics: [String] = []
    ) {
        self.id = id
        self.name = name
        self.fullName = fullName
        self.description = description
        self.language = language
        self.stars = stars
        self.forks = forks
        self.isFork = isFork
        self.isArchived = isArchived
        self.pushedAt = pushedAt
        self.htmlURL = htmlURL
        self.owner = owner
        self.isTemplate = isTemplate
        self.updatedAt = updatedAt
        self.topics = topics
    }
}

/// One page of a paged list, with the `next` link GitHub gave (nil on the last page).
public struct Page<Item: Sendable & Hashable>: Sendable, Hashable {
    public var items: [Item]
    public var next: URL?

    public init(items: [Item], next: URL?) {
        self.items = items
        self.next = next
    }
}
