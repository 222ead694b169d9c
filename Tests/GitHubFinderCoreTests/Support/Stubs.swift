import Clocks
import Foundation
@testable import GitHubFinderCore

extension User {
    static func stub(id: UserID = 1, login: String = "octocat", type: AccountType = .user) -> User {
        User(id: id, login: login, avatarURL: URL(string: "https://avatars.example/u/\(id)?v=4"), profileURL: URL(string: "https://github.com/\(login)"), type: type)
    }
}

extension PersonFavorite {
    static func stub(id: UserID = 1, login: String = "octocat", name: String? = nil) -> PersonFavorite {
        PersonFavorite(id: id, login: login, name: name, avatarURL: nil, type: .user, profileURL: URL(string: "https://github.com/\(login)"), addedAt: Date(timeIntervalSince1970: 1_700_000_000))
    }
}

extension UserSearchPage {
    static func stub(_ users: [User], total: Int? = nil, next: URL? = nil) -> UserSearchPage {
        UserSearchPage(users: users, totalCount: total ?? users.count, incompleteResults: false, next: next)
    }
}

/// Polls `condition` on the main actor until it holds (observations and requests arrive
/// asynchronously); false after `timeout`, generous because a loaded CI machine runs every
/// suite at once and a held condition returns at once.
@MainActor
func eventually(timeout: Duration = .seconds(30), _ condition: @MainActor () -> Bool) async -> Bool {
    let deadline = ContinuousClock.now + timeout
    while !condition() {
        if ContinuousClock.now > deadline { return false }
        try? await Task.sleep(for: .milliseconds(5))
    }
    return true
}

/// Lets tasks that were just created on the main actor run until they suspend (e.g. on the
/// test clock), so an `advance` that follows reaches their sleep.
@MainActor
func settle() async {
    for _ in 0..<50 { await Task.yield() }
}

extension TestClock<Duration> {
    /// Waits (up to `timeout`) until some task is sleeping on this clock.
    @MainActor
    func hasSleeper(timeout: Duration = .seconds(5)) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        // `checkSuspension` throws exactly when a sleep is pending.
        while (try? await checkSuspension()) != nil {
            if ContinuousClock.now > deadline { return false }
            try? await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    /// Settles, advances, settles: deterministic debounce and countdown tests.
    @MainActor
    func step(by duration: Duration) async {
        await settle()
        await advance(by: duration)
        await settle()
    }
}
