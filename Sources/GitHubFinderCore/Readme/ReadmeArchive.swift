import Foundation

/// A README as fetched, with the branch its relative links and images resolve against.
public struct KeptReadme: Equatable, Sendable {
    public var markdown: String
    public var branch: String

    public init(markdown: String, branch: String) {
        self.markdown = markdown
        self.branch = branch
    }
}

/// Where the READMEs of favorite repositories are kept, so they read offline: the favorites
/// database (`AppDatabase+Readmes.swift`). Only favorites' are kept; unstarring forgets it.
public protocol ReadmeArchive: Sendable {
    func keptReadme(repositoryID: Int64) -> KeptReadme?
    /// Keeps `readme` while `repositoryID` is a favorite (nothing otherwise).
    func keep(_ readme: KeptReadme, repositoryID: Int64)
}
