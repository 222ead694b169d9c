import Foundation
import Testing
@testable import GitHubFinderCore

/// "Add everyone you follow to Favorites" with a scripted GitHub and a real (in-memory) SQLite
/// store: every page by its `Link`, idempotent, cancellable with what was added kept, and a
/// summary that says what happened.
@MainActor
@Suite("Add everyone you follow to Favorites")
struct FollowingImportTests {
    let api = GitHubAPIFake()
    let store = GRDBFavoritesStore<People>(database: .inMemory())
    let page2 = URL(string: "https://api.example/user/following?page=2")!

    func makeImport(account: String? = "octocat", following: Int = 150) -> FollowingImport {
        var profile = PersonDetailViewModelTests.profile
        profile.following = following
        api.profile = { [profile] _ in profile }
        return FollowingImport(api: api, store: store, account: { account })
    }

    func people(_ range: ClosedRange<Int>) -> [User] { YourProfileViewModelTests.people(range) }

    func run(_ running: FollowingImport) async -> FollowingImportOutcome? {
        let outcome = Recorder<FollowingImportOutcome>()
        running.start { outcome.append($0) }
        await running.wait()
        return outcome.values.first
    }

    @Test func everyPageIsAddedAndThoseAlreadyFavoritesKeepTheirSnapshot() async throws {
        let kept = PersonFavorite(id: 7, login: "person7", name: "Kept Name", addedAt: Date(timeIntervalSince1970: 1_000))
        try store.add(kept)
        try store.add(PersonFavorite(id: 120, login: "person120", addedAt: Date(timeIntervalSince1970: 2_000)))
        api.networkPage = { [people = people(1...100), page2] _ in Page(items: people, next: page2) }
        api.usersPage = { [people = people(95...150)] _ in Page(items: people, next: nil) }
        let importing = makeImport()
        let outcome = await run(importing)

        #expect(outcome == .finished(.init(added: 148, alreadyFavorites: 2)))
        #expect(outcome?.message == "Added 148 people, 2 were already favorites")
        let favorites = try store.favorites()
        #expect(favorites.count == 150)
        #expect(favorites.first { $0.id == 7 } == kept, "an existing favorite keeps its name and date")
        #expect(api.calls.contains("network following"))
        #expect(api.calls.contains("users page \(page2)"))
        #expect(importing.progress == nil && !importing.isRunning)
    }

    @Test func runningAgainAddsNobody() async throws {
        api.networkPage = { [people = people(1...30)] _ in Page(items: people, next: nil) }
        let importing = makeImport(following: 30)
        #expect(await run(importing) == .finished(.init(added: 30, alreadyFavorites: 0)))
        let outcome = await run(importing)
        #expect(outcome == .finished(.init(added: 0, alreadyFavorites: 30)))
        #expect(outcome?.message == "Everyone you follow is already a favorite")
        #expect(try store.favorites().count == 30)
    }

    @Test func followingNobodySaysSo() async {
        api.networkPage = { _ in Page(items: [], next: nil) }
        #expect(await run(makeImport(following: 0))?.message == "You do not follow anyone yet")
    }

    @Test func cancellingStopsAfterThePageInHandAndKeepsWhatWasAdded() async throws {
        let gate = Gate()
        api.networkPage = { [people = people(1...100), page2] _ in Page(items: people, next: page2) }
        api.usersPage = { [people = people(101...200)] _ in
            await gate.wait()
            return Page(items: people, next: nil)
        }
        let importing = makeImport(following: 200)
        let outcome = Recorder<FollowingImportOutcome>()
        importing.start { outcome.append($0) }
        #expect(await eventually { importing.progress?.seen == 100 })
        #expect(importing.progress?.text == "Adding people you follow… 100 of 200")
        #expect(importing.progress?.fraction == 0.5, "the total comes from the account's profile")
        importing.cancel()
        await gate.open()
        await importing.wait()
        #expect(outcome.values == [.cancelled(.init(added: 100, alreadyFavorites: 0))])
        #expect(outcome.values.first?.message == "Stopped after adding 100 people")
        #expect(try store.favorites().count == 100, "the first page stays added")
    }

    @Test func aFailedPageKeepsWhatWasAddedAndSaysWhy() async throws {
        api.networkPage = { [people = people(1...100), page2] _ in Page(items: people, next: page2) }
        api.usersPage = { _ throws(GitHubError) in throw .offline(.notConnected) }
        let outcome = await run(makeImport(following: 200))
        guard case .failed(let counts, .reason(let reason)) = outcome else {
            Issue.record("not a failure: \(String(describing: outcome))")
            return
        }
        #expect(counts.added == 100)
        #expect(reason == GitHubError.offline(.notConnected).localizedDescription)
        #expect(outcome?.message.hasPrefix("Not everyone you follow could be added to Favorites.") == true)
        #expect(try store.favorites().count == 100)
    }

    @Test func signedOutOrA401AsksForSignIn() async {
        #expect(await run(makeImport(account: nil)) == .failed(.init(), .signInRequired))
        #expect(!api.calls.contains("network following"), "GitHub is not asked signed out")
        api.networkPage = { _ throws(GitHubError) in throw .unauthorized(message: "Bad credentials") }
        #expect(await run(makeImport()) == .failed(.init(), .signInRequired))
    }

    @Test func aSecondStartWhileRunningIsIgnored() async {
        let gate = Gate()
        api.networkPage = { [people = people(1...5)] _ in
            await gate.wait()
            return Page(items: people, next: nil)
        }
        let importing = makeImport(following: 5)
        let outcomes = Recorder<FollowingImportOutcome>()
        importing.start { outcomes.append($0) }
        importing.start { outcomes.append($0) }
        await gate.open()
        await importing.wait()
        #expect(outcomes.values == [.finished(.init(added: 5, alreadyFavorites: 0))])
    }
}
