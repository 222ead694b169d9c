import Foundation
import Testing
@testable import GitHubFinderCore

/// Every real response in Tests/Fixtures/recordings: success shapes decode to the values in
/// their bodies, errors become the right typed error.
@Suite("Real GitHub recordings")
struct RecordingsTests {
    static let names = (try? Recording.all().map(\.name)) ?? []

    @Test func allFiftySixRecordingsArePresentAndEachBelongsToACheckBelow() throws {
        #expect(Self.names.count == 56)
        let prefixes = ["search-users__", "get-user__", "user-repos__", "search-repos__", "search-code__", "search-issues__",
                        "list-issues__", "rate-limit-endpoint__", "conditional__", "error-", "device-flow__", "oauth-access-token__"]
        for name in Self.names {
            #expect(prefixes.contains { name.hasPrefix($0) }, "\(name) is not covered by any test")
        }
    }

    @Test(arguments: names.filter { $0.hasPrefix("search-users__") })
    func userSearchPagesDecode(_ name: String) async throws {
        let recording = try Recording.load(name)
        let (client, _) = GitHubClient.replaying(recording.response)
        let page = try await client.searchUsers(page: try #require(recording.requestURL))
        let items = recording.json["items"] as! [[String: Any]]
        #expect(page.users.map(\.login) == items.map { $0["login"] as! String })
        #expect(page.users.map(\.id) == items.map { ($0["id"] as! NSNumber).int64Value })
        #expect(page.totalCount == recording.json["total_count"] as! Int)
        #expect(page.incompleteResults == (recording.json["incomplete_results"] as? Bool ?? false))
        #expect(page.next == LinkHeader(recording.response.headers["link"]).next)
        #expect(client.rateLimits.bucket("search")?.limit == Int(recording.response.headers["x-ratelimit-limit"]!))
    }

    @Test(arguments: names.filter { $0.hasPrefix("get-user__") && !$0.contains("404") })
    func profilesDecode(_ name: String) async throws {
        let recording = try Recording.load(name)
        let (client, _) = GitHubClient.replaying(recording.response)
        let login = recording.json["login"] as! String
        let profile = try await client.user(login: login)
        #expect(profile.login == login)
        #expect(profile.id == (recording.json["id"] as! NSNumber).int64Value)
        #expect(profile.name == (recording.json["name"] as? String).flatMap { $0.isEmpty ? nil : $0 })
        #expect(profile.bio == (recording.json["bio"] as? String).flatMap { $0.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : $0 })
        #expect(profile.followers == recording.json["followers"] as? Int ?? 0)
        #expect(profile.memberSince != nil)
        #expect(profile.type.rawValue == recording.json["type"] as! String)
    }

    @Test func nullFieldsUnicodeEmojiAndCRLFSurviveAsPlainText() async throws {
        let sfdye = try await profile("get-user__sfdye__emoji-and-crlf-in-bio__2020__pygithub.json")
        #expect(sfdye.bio?.contains("\r\n") == true)
        let kohsuke2 = try await profile("get-user__kohsuke2__unicode-name-null-fields__2019__hub4j.json")
        #expect(kohsuke2.name?.unicodeScalars.contains { !$0.isASCII } == true)
        #expect(kohsuke2.company == nil)
        let rick = try await profile("get-user__rickrickston123__null-fields__2020__pygithub.json")
        #expect(rick.bio == nil && rick.location == nil)
        #expect(try await profile("get-user__shipit-bot__type-Bot__2018__octokit-rb.json").type == .bot)
        #expect(try await profile("get-user__ReDASers__organization-via-users-endpoint__2020__pygithub.json").type == .organization)
    }

    @Test(arguments: names.filter { $0.hasPrefix("user-repos__") })
    func repositoryPagesDecode(_ name: String) async throws {
        let recording = try Recording.load(name)
        let (client, _) = GitHubClient.replaying(recording.response)
        let page = try await client.repositories(page: try #require(recording.requestURL))
        let body = try JSONSerialization.jsonObject(with: recording.response.body) as! [[String: Any]]
        #expect(page.items.map(\.fullName) == body.map { $0["full_name"] as! String })
        #expect(page.next == LinkHeader(recording.response.headers["link"]).next)
    }

    @Test(arguments: names.filter { $0.hasPrefix("search-repos__") })
    func repositorySearchPagesDecode(_ name: String) async throws {
        let recording = try Recording.load(name)
        let (client, _) = GitHubClient.replaying(recording.response)
        let page = try await client.searchRepositories(page: try #require(recording.requestURL))
        let items = recording.json["items"] as! [[String: Any]]
        #expect(page.repositories.map(\.fullName) == items.map { $0["full_name"] as! String })
        #expect(page.repositories.map(\.id) == items.map { ($0["id"] as! NSNumber).int64Value })
        #expect(page.repositories.map { $0.owner?.login } == items.map { ($0["owner"] as! [String: Any])["login"] as? String })
        #expect(page.repositories.map(\.stars) == items.map { $0["stargazers_count"] as! Int })
        #expect(page.repositories.allSatisfy { $0.updatedAt != nil })
        #expect(page.totalCount == recording.json["total_count"] as! Int)
        #expect(page.next == LinkHeader(recording.response.headers["link"]).next)
        #expect(client.rateLimits.bucket("search") != nil || recording.response.headers["x-ratelimit-limit"] == nil)
    }

    @Test(arguments: names.filter { $0.hasPrefix("search-code__") || $0.hasPrefix("search-issues__") || $0.hasPrefix("list-issues__") })
    func otherListsGiveLinksAndRateLimits(_ name: String) throws {
        let recording = try Recording.load(name)
        let headers = recording.response.headers
        let limit = try #require(RateLimit(headers: headers, fallbackResource: "core"))
        #expect(limit.limit == Int(headers["x-ratelimit-limit"]!))
        #expect(limit.resource == headers["x-ratelimit-resource"] ?? "core")
        if let link = headers["link"] {
            #expect(!LinkHeader(link).links.isEmpty)
        }
        if name.hasPrefix("search-") {
            let envelope = try GitHubResponseClassifier.decode(SearchEnvelopeDTO<RepositoryDTO>.self, from: recording.response.body, what: "search")
            #expect(envelope.items?.count == (recording.json["items"] as! [Any]).count)
        }
    }

    @Test(arguments: names.filter { $0.hasPrefix("rate-limit-endpoint__") })
    func rateLimitEndpointDecodes(_ name: String) async throws {
        let recording = try Recording.load(name)
        let (client, _) = GitHubClient.replaying(recording.response)
        let buckets = try await client.rateLimitStatus()
        let resources = recording.json["resources"] as! [String: [String: Any]]
        #expect(Set(buckets.map(\.resource)) == Set(resources.keys))
        for bucket in buckets {
            #expect(bucket.limit == resources[bucket.resource]!["limit"] as! Int)
        }
        #expect(client.rateLimits.bucket("search")?.limit == resources["search"]!["limit"] as? Int)
    }

    @Test func a304IsAnsweredFromTheCachedBodyOfTheEarlier200() async throws {
        let first = try Recording.load("conditional__200-with-etag-before-304__2023__pygithub.json")
        let notModified = try Recording.load("conditional__304-not-modified__2023__pygithub.json")
        let (client, transport) = GitHubClient.replaying(first.response, notModified.response)
        let url = try #require(first.requestURL)
        let policy = GitHubClient.RequestPolicy(resource: "core", conditional: true)
        let fresh = try await client.get(url, policy: policy)
        let revalidated = try await client.get(url, policy: policy)
        #expect(revalidated.status == 200)
        #expect(revalidated.body == fresh.body)
        #expect(transport.requests[1].headers["If-None-Match"] == first.response.headers["etag"])
        #expect(client.rateLimits.bucket("core")?.used == 245)
    }

    @Test func errorRecordingsBecomeTypedErrors() async throws {
        let expectations: [String: (GitHubError) -> Bool] = [
            "error-401__bad-credentials__2012__pygithub.json": { $0 == .unauthorized(message: "Bad credentials") },
            "error-401__bad-credentials__2020__hub4j.json": { $0 == .unauthorized(message: "Bad credentials") },
            "error-403__primary-rate-limit-exceeded__unauthenticated__2013__pygithub.json": {
                if case .rateLimited(let reset, let resource) = $0 { return reset.timeIntervalSince1970 > 1_300_000_000 && resource == "core" }
                return false
            },
            "error-403__secondary-abuse-limit-retry-after__search-code__2018__pygithub.json": { $0 == .secondaryRateLimited(retryAfter: 60) },
            "error-422__modern-body-with-status-field__2024__pygithub.json": { $0 == .validationFailed(message: "Invalid new_owner", details: []) },
            "error-422__search-beyond-first-1000-results__quoted-body-only__go-github-scraper.json": {
                $0 == .validationFailed(message: "Only the first 1000 search results are available", details: [])
            },
            "error-422__search-missing-q__quoted-body-only__learn_springcloud.json": { $0 == .validationFailed(message: "Validation Failed", details: ["q is missing"]) },
            "error-422__validation-failed-already-exists__2022__octokit-fixtures.json": { if case .validationFailed("Validation Failed", let d) = $0 { return !d.isEmpty }; return false },
            "error-422__validation-failed-custom-message__2012__pygithub.json": { if case .validationFailed("Validation Failed", let d) = $0 { return !d.isEmpty }; return false },
            "error-422__validation-failed-invalid-field__2022__octokit-fixtures.json": { if case .validationFailed("Validation Failed", let d) = $0 { return d.contains { $0.contains("invalid") } }; return false },
            "get-user__404-not-found__2012__pygithub.json": { $0 == .notFound },
        ]
        #expect(Set(expectations.keys) == Set(Self.names.filter { $0.hasPrefix("error-") || $0.contains("404") }))
        for (name, matches) in expectations {
            let recording = try Recording.load(name)
            let (client, _) = GitHubClient.replaying(recording.response)
            do {
                _ = try await client.user(login: "anyone")
                Issue.record("\(name) did not fail")
            } catch {
                #expect(matches(error), "\(name) became \(error)")
            }
        }
    }

    private func profile(_ name: String) async throws -> UserProfile {
        let recording = try Recording.load(name)
        return try await GitHubClient.replaying(recording.response).0.user(login: recording.json["login"] as! String)
    }
}

extension RecordingsTests {
    /// The sign-in recordings are decoded by the sign-in flow (issue 5); here only their shape is held.
    @Test(arguments: names.filter { $0.hasPrefix("device-flow__") || $0.hasPrefix("oauth-access-token__") })
    func signInRecordingsAreJSONObjectsWithTheirKeyField(_ name: String) throws {
        let recording = try Recording.load(name)
        #expect(["access_token", "device_code", "error"].contains { recording.json[$0] != nil })
    }
}
