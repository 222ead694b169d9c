import Foundation
import Testing
@testable import GitHubFixtureServer

/// What's New's side of the double: releases listed newest first with ETags (a 304 free, as on
/// GitHub), and releases and repositories made during a test, in process and over `/_fixture`.
@Suite("Fixture news")
struct FixtureNewsHTTPTests {
    @Test func releasesAreNewestFirstAndAnUnchangedListIsAFree304() async throws {
        let server = try await GitHubFixtureServer()
        let first = try await FixtureHTTP.get(server, "/repos/groue/GRDB.swift/releases?per_page=5")
        #expect(first.array.compactMap { $0["tag_name"] as? String } == ["7.10.0"])
        let etag = try #require(first.headers["etag"])
        let used = server.quotaUsed("core")
        let again = try await FixtureHTTP.get(server, "/repos/groue/GRDB.swift/releases?per_page=5", headers: ["If-None-Match": etag])
        #expect(again.status == 304 && server.quotaUsed("core") == used)

        let id = try server.publishRelease(of: "groue/GRDB.swift", tag: "7.11.0", name: "GRDB.swift 7.11.0", body: "Faster")
        let changed = try await FixtureHTTP.get(server, "/repos/groue/GRDB.swift/releases?per_page=5", headers: ["If-None-Match": etag])
        #expect(changed.status == 200)
        #expect(changed.array.first?["tag_name"] as? String == "7.11.0" && changed.array.first?["id"] as? Int64 == id)
        #expect(changed.array.map { $0["tag_name"] as? String } == ["7.11.0", "7.10.0"])
        #expect(try await FixtureHTTP.get(server, "/repos/groue/GRDB.swift/releases/latest").object["tag_name"] as? String == "7.11.0")
        #expect(server.requestCount(.releases) == 3)
        #expect(throws: FixtureServerError.unknownRepository("nobody/nothing")) { try server.publishRelease(of: "nobody/nothing", tag: "1.0") }
        await server.stop()
    }

    @Test func aRepositoryCreatedForAnAccountIsItsNewestAndHasItsPage() async throws {
        let server = try await GitHubFixtureServer()
        try server.createRepository(named: "news-of-the-day", of: "octocat", description: "Made today")
        let newest = try await FixtureHTTP.get(server, "/users/octocat/repos?sort=created&per_page=5")
        #expect(newest.array.first?["full_name"] as? String == "octocat/news-of-the-day")
        #expect(newest.array.first?["description"] as? String == "Made today")
        #expect(try await FixtureHTTP.get(server, "/repos/octocat/news-of-the-day").object["name"] as? String == "news-of-the-day")
        #expect(throws: FixtureServerError.unknownRepository("octocat/news-of-the-day")) { try server.createRepository(named: "news-of-the-day", of: "octocat") }
        #expect(throws: FixtureServerError.unknownAccount("nobody-here")) { try server.createRepository(named: "x", of: "nobody-here") }
        await server.stop()
    }

    @Test func theControlAPIPublishesAndCreates() async throws {
        let server = try await GitHubFixtureServer()
        let published = try await FixtureHTTP.send(server, "POST", "/_fixture/releases", body: Data(#"{"repository":"groue/GRDB.swift","tag":"8.0.0"}"#.utf8))
        #expect(published.status == 201 && published.object["id"] != nil)
        #expect(try await FixtureHTTP.send(server, "POST", "/_fixture/releases", body: Data(#"{"repository":"no/such","tag":"1"}"#.utf8)).status == 404)
        #expect(try await FixtureHTTP.send(server, "POST", "/_fixture/releases", body: Data(#"{"repository":"groue/GRDB.swift"}"#.utf8)).status == 400)
        let created = try await FixtureHTTP.send(server, "POST", "/_fixture/repositories", body: Data(#"{"login":"mojombo","name":"fresh"}"#.utf8))
        #expect(created.status == 201 && created.object["full_name"] as? String == "mojombo/fresh")
        #expect(try await FixtureHTTP.send(server, "POST", "/_fixture/repositories", body: Data(#"{"login":"mojombo","name":"fresh"}"#.utf8)).status == 422)
        #expect(try await FixtureHTTP.send(server, "POST", "/_fixture/repositories", body: Data(#"{"login":"nobody-here","name":"x"}"#.utf8)).status == 404)
        await server.stop()
    }
}
