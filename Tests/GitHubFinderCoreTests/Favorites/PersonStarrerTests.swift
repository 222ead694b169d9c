import Foundation
import Testing
@testable import GitHubFinderCore

/// Starring from a search row: the name from the cached profile, else filled in by one profile
/// request, never re-starring someone unstarred meanwhile.
@Suite("Starring from search: the name")
struct PersonStarrerTests {
    let api = GitHubAPIFake()
    let store = GRDBFavoritesStore<People>(database: .inMemory())
    static let profile = UserProfile(
        id: 1, login: "octocat", name: "The Octocat", avatarURL: nil, profileURL: URL(string: "https://github.com/octocat"),
        type: .user, bio: nil, company: nil, location: nil, blog: nil, followers: 0, following: 0, publicRepositories: 0, memberSince: nil
    )

    @Test func aCachedProfileGivesTheNameAtOnceWithoutARequest() throws {
        api.cached = { _ in Self.profile }
        let filling = try PersonStarrer(api: api, store: store).star(.stub())
        #expect(filling == nil)
        #expect(try store.favorites().map(\.name) == ["The Octocat"])
        #expect(api.calls.isEmpty)
    }

    @Test func withoutACacheOneProfileRequestFillsTheNameIn() async throws {
        // The profile is held until the star is seen: the filling task runs on its own.
        let gate = Gate()
        api.profile = { _ in await gate.wait(); return Self.profile }
        let filling = try PersonStarrer(api: api, store: store).star(.stub())
        // Starred at once, without a name
        #expect(try store.favorites().map(\.name) == [nil])
        await gate.open()
        await filling?.value
        #expect(try store.favorites().map(\.name) == ["The Octocat"])
        #expect(api.calls == ["user octocat"])
    }

    @Test func someoneUnstarredBeforeTheProfileArrivesStaysUnstarred() async throws {
        let gate = Gate()
        api.profile = { _ in await gate.wait(); return Self.profile }
        let filling = try PersonStarrer(api: api, store: store).star(.stub())
        try store.remove(id: 1)
        await gate.open()
        await filling?.value
        #expect(try store.favorites().isEmpty)
    }

    @Test func aFailedProfileLeavesTheLoginOnlySnapshot() async throws {
        api.profile = { _ throws(GitHubError) in throw .offline(.notConnected) }
        let filling = try PersonStarrer(api: api, store: store).star(.stub())
        await filling?.value
        #expect(try store.favorites().map(\.login) == ["octocat"])
        #expect(try store.favorites().map(\.name) == [nil])
    }
}

/// Holds a scripted response until the test lets it through.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    func open() {
        isOpen = true
        waiters.forEach { $0.resume() }
        waiters = []
    }
}
