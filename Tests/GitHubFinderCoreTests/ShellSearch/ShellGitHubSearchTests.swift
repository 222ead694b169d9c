import Foundation
import GitHubFixtureServer
import Testing
@testable import GitHubFinderCore

/// GNOME Shell's search asking GitHub (opt-in), with the live client against the GitHub double:
/// one request after a pause in typing, none for short queries or while GitHub says to wait,
/// the people found after the favorites, named "On GitHub".
@Suite("GNOME Shell search: asking GitHub")
struct ShellGitHubSearchTests {
    /// The Shell's two seconds become thirty here: a loaded test machine must not make a found
    /// person look like none (`anAnswerLaterThanTheTimeoutIsNone` checks the cut itself).
    static func search(_ client: GitHubClient, pause: Duration = .milliseconds(300), timeout: Duration = .seconds(30)) -> ShellGitHubSearch {
        ShellGitHubSearch(server: { client.configuration.baseURL }, makeAPI: { _ in client }, pause: pause, timeout: timeout)
    }

    @Test func anAnswerLaterThanTheTimeoutIsNone() async throws {
        try await withLiveDouble { server, client in
            // An answer 20 s late (the client gives up at 10 s), a cut after 0.5 s. Waiting for the
            // request takes 10 s or more; the bound leaves the rest for a test machine busy with
            // every other suite (measured: up to 6 s before the timer's task got its turn).
            server.inject(FixtureFault(.latency, route: .search, milliseconds: 20_000))
            let github = Self.search(client, pause: .milliseconds(10), timeout: .milliseconds(500))
            let started = ContinuousClock.now
            #expect(await github.people(for: ["octocat"]).isEmpty)
            #expect(ContinuousClock.now - started < .seconds(9), "not waited for")
        }
    }

    @Test func typingAsksOnceForTheLastTermsAfterThePause() async throws {
        try await withLiveDouble { server, client in
            let github = Self.search(client)
            async let early = github.people(for: ["oct"])
            try await Task.sleep(for: .milliseconds(50))
            async let later = github.people(for: ["octocat"])
            let (first, last) = await (early, later)
            #expect(first.isEmpty, "superseded during the pause: nothing asked")
            #expect(last.first?.login == "octocat" && last.count <= ShellGitHubSearch.limit)
            #expect(server.requestCount(.search) == 1)
            #expect(github.meta(ShellGitHubSearch.id(last[0])) == ShellSearchMeta(id: "github:\(last[0].id):octocat", name: "octocat", description: "On GitHub"))

            #expect(await github.people(for: ["oc"]).isEmpty, "too short")
            #expect(server.requestCount(.search) == 1)
        }
    }

    @Test func nothingIsAskedWhileGitHubSaysToWait() async throws {
        try await withLiveDouble { server, client in
            server.inject(FixtureFault(.primaryLimitExhausted, route: .search))
            let github = Self.search(client, pause: .milliseconds(10))
            #expect(await github.people(for: ["octocat"]).isEmpty)
            let asked = server.requestCount(.search)
            server.clearFaults()
            #expect(await github.people(for: ["mojombo"]).isEmpty, "rate limited until the reset: not asked again")
            #expect(server.requestCount(.search) == asked)
        }
    }

    @Test func thePeopleFoundComeAfterTheFavoritesOnceEach() async throws {
        try await withLiveDouble { _, client in
            let (database, file) = try ShellSearchTests.database()
            _ = database
            let search = ShellSearch(file: { file }, github: Self.search(client, pause: .milliseconds(10)), asksGitHub: { true })
            #expect(search.asksGitHubNow)
            let local = search.resultIDs(["octocat"])
            #expect(local == ["person:1", "repository:100"])
            let ids = await search.withGitHub(["octocat"], local: local)
            #expect(Array(ids.prefix(2)) == local, "the favorites first")
            let remote = ids.dropFirst(2)
            #expect(!remote.isEmpty && remote.allSatisfy { $0.hasPrefix("github:") })
            let meta = try #require(search.metas([remote.first!]).first)
            #expect(meta.description.hasPrefix("On GitHub"))
            guard case .person(let user)? = search.target(remote.first!) else { Issue.record("a person GitHub found opens as a person"); return }
            #expect(ids.contains(ShellGitHubSearch.id(user)))
            #expect(!ShellSearch(file: { file }, github: Self.search(client), asksGitHub: { false }).asksGitHubNow, "off unless turned on")
        }
    }
}
