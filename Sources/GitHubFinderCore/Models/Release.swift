import Foundation

/// A repository's latest release (`GET /repos/{owner}/{repo}/releases/latest`).
public struct Release: Sendable, Hashable {
    public var tag: String
    /// Its title; nil when the release has none (GitHub then shows the tag).
    public var name: String?
    /// Its notes, in Markdown.
    public var notes: String?
    public var publishedAt: Date?
    /// Its page on GitHub.
    public var htmlURL: URL?

    public init(tag: String, name: String? = nil, notes: String? = nil, publishedAt: Date? = nil, htmlURL: URL? = nil) {
        self.tag = tag
        self.name = name
        self.notes = notes
        self.publishedAt = publishedAt
        self.htmlURL = htmlURL
    }
}
