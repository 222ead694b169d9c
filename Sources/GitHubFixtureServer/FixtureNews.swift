import Foundation
import Synchronization

/// What happened on the double after it started: releases published to a repository and
/// repositories created for an account (`POST /_fixture/releases`, `POST /_fixture/repositories`,
/// or `GitHubFixtureServer.publishRelease` / `createRepository`), kept in memory for its
/// lifetime, so What's New has something new to find.
final class FixtureNews: Sendable {
    struct PublishedRelease: Sendable, Equatable {
        var id: Int64
        var tag: String
        var name: String?
        var body: String?
        var publishedAt: Date
    }

    private struct State {
        /// Per repository id, oldest first.
        var releases: [Int64: [PublishedRelease]] = [:]
        /// Per owner id, oldest first.
        var repositories: [Int64: [FixtureRepository]] = [:]
        var repositoriesByFullName: [String: FixtureRepository] = [:]
        var repositoriesByID: [Int64: FixtureRepository] = [:]
        /// Release ids above any the data set makes (`repo.id * 10 + 1`).
        var nextReleaseID: Int64 = 9_000_000_000
        /// Repository ids above any the data set has (`owner.id * 1000 + row`).
        var nextRepositoryID: Int64 = 8_000_000_000
    }

    private let state = Mutex(State())

    func publishRelease(to repositoryID: Int64, tag: String, name: String?, body: String?, at date: Date = Date()) -> PublishedRelease {
        state.withLock { state in
            let release = PublishedRelease(id: state.nextReleaseID, tag: tag, name: name, body: body, publishedAt: date)
            state.nextReleaseID += 1
            state.releases[repositoryID, default: []].append(release)
            return release
        }
    }

    /// Releases published to the repository, newest first.
    func releases(of repositoryID: Int64) -> [PublishedRelease] {
        state.withLock { ($0.releases[repositoryID] ?? []).reversed() }
    }

    /// A new public repository of `owner` named `name`, created now. Nil when `owner` already has
    /// one of that name (here or in the data set: `exists` says).
    func createRepository(named name: String, description: String?, owner: FixtureUser, exists: Bool, at date: Date = Date()) -> FixtureRepository? {
        state.withLock { state in
            let fullName = "\(owner.login)/\(name)".lowercased()
            guard !exists, state.repositoriesByFullName[fullName] == nil else { return nil }
            let repository = FixtureRepository(created: state.nextRepositoryID, ownerID: owner.id, name: name, description: description, at: date)
            state.nextRepositoryID += 1
            state.repositories[owner.id, default: []].append(repository)
            state.repositoriesByFullName[fullName] = repository
            state.repositoriesByID[repository.id] = repository
            return repository
        }
    }

    func repositories(of ownerID: Int64) -> [FixtureRepository] {
        state.withLock { $0.repositories[ownerID] ?? [] }
    }

    func repository(owner: String, name: String) -> FixtureRepository? {
        state.withLock { $0.repositoriesByFullName["\(owner)/\(name)".lowercased()] }
    }

    func repository(id: Int64) -> FixtureRepository? {
        state.withLock { $0.repositoriesByID[id] }
    }
}

extension FixtureRepository {
    /// A repository created on the double: empty, public, pushed when it was created.
    init(created id: Int64, ownerID: Int64, name: String, description: String?, at date: Date) {
        let seconds = Int(date.timeIntervalSince1970)
        self.id = id
        self.ownerID = ownerID
        self.name = name
        self.description = description
        language = nil
        stars = 0
        forks = 0
        pushedAt = seconds
        createdAt = seconds
        updatedAt = seconds
        isFork = false
        isArchived = false
        isTemplate = false
        openIssues = 0
        helpWantedIssues = 0
        subscribers = 0
        size = 0
        topics = []
        license = nil
        homepage = nil
        defaultBranch = "main"
        parent = nil
    }
}
