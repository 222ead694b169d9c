import Foundation
import Testing
@testable import GitHubFinderCore

/// Real GitHub responses recorded by other clients' test suites (PyGithub, octokit.rb,
/// github3.py, hub4j/github-api), kept in Tests/Fixtures/recordings/third-party with their
/// sources in its SOURCES.md, run through the real client. Each check says what a correct client
/// makes of a recording, with the expected values read from the recording's own body and headers.
@Suite("Third-party GitHub recordings")
struct ThirdPartyRecordingsTests {
    static let subfolder = "third-party"
    static let names = (try? Recording.all(in: subfolder).map(\.name)) ?? []

    /// The families below; every file belongs to one.
    static let families = [
        "user-following__", "user-followers__", "users-followers__", "users-list__",
        "follow-check__", "follow__", "unfollow__", "star-check__", "star__", "unstar__",
        "user-starred__", "users-starred__", "user-repos__", "get-repo__", "languages__", "search-repos__",
    ]

    static func files(_ prefixes: String...) -> [String] {
        names.filter { name in prefixes.contains { name.hasPrefix($0) } }
    }

    @Test func allTwentyFiveRecordingsArePresentAndEachBelongsToACheckBelow() {
        #expect(Self.names.count == 25)
        for name in Self.names {
            #expect(Self.families.contains { name.hasPrefix($0) }, "\(name) is not covered by any test")
        }
    }

    // MARK: People

    @Test(arguments: files("user-following__", "user-followers__", "users-followers__", "users-list__"))
    func peopleListsGiveEveryPersonInOrderWithTheNextLink(_ name: String) async throws {
        let recording = try Self.load(name)
        let people = try Self.items(recording)
        let (client, _) = GitHubClient.replaying(recording.response)
        let page = try await client.users(page: try #require(recording.requestURL))
        #expect(page.items.count == people.count)
        #expect(page.items.map(\.login) == people.compactMap { $0["login"] as? String })
        #expect(page.items.map(\.id) == people.compactMap(Self.id))
        #expect(page.items.map(\.avatarURL) == people.map { ($0["avatar_url"] as? String).flatMap(URL.init(string:)) })
        // 2012 lists name neither the profile page nor the account type: none is made up.
        #expect(page.items.map(\.profileURL) == people.map { ($0["html_url"] as? String).flatMap(URL.init(string:)) })
        #expect(page.items.map(\.type.rawValue) == people.map { $0["type"] as? String ?? "User" })
        let link = recording.response.headers["link"]
        #expect(page.next == LinkHeader(link).next)
        // github3.py's /users page also has a URI-template "first" link; it must not hide "next".
        #expect((page.next != nil) == (link?.contains(#"rel="next""#) ?? false))
    }

    @Test(arguments: files("user-following__", "user-followers__"))
    func theSignedInUsersNetworkIsAskedForAtItsRecordedPath(_ name: String) async throws {
        let recording = try Self.load(name)
        let url = try #require(recording.requestURL)
        let direction = try #require(FollowDirection(rawValue: url.lastPathComponent))
        let people = try Self.items(recording)
        let (client, transport) = GitHubClient.replaying(recording.response)
        let page = try await client.network(direction)
        #expect(transport.requests.first?.url.path == url.path)
        #expect(page.items.map(\.login) == people.compactMap { $0["login"] as? String })
    }

    @Test(arguments: files("follow-check__"))
    func aFollowCheckIsYesOnNoContentAndNoOnNotFound(_ name: String) async throws {
        let recording = try Self.load(name)
        let url = try #require(recording.requestURL)
        let (client, transport) = GitHubClient.replaying(recording.response)
        let following = try await client.isFollowing(login: url.lastPathComponent)
        #expect(following == (recording.response.status == 204))
        #expect(transport.requests.map(\.method) == [recording.requestMethod])
        #expect(transport.requests.first?.url == url)
    }

    @Test(arguments: files("follow__", "unfollow__"))
    func followAndUnfollowAcceptTheRecordedNoContent(_ name: String) async throws {
        let recording = try Self.load(name)
        let url = try #require(recording.requestURL)
        let (client, transport) = GitHubClient.replaying(recording.response)
        switch recording.requestMethod {
        case "PUT": try await client.follow(login: url.lastPathComponent)
        case "DELETE": try await client.unfollow(login: url.lastPathComponent)
        default: Issue.record("\(name): \(recording.requestMethod) is neither a follow nor an unfollow")
        }
        #expect(recording.response.status == 204)
        #expect(transport.requests.map(\.method) == [recording.requestMethod])
        #expect(transport.requests.first?.url == url)
        #expect(transport.requests.first?.headers["Content-Length"] == "0")
    }

    // MARK: Stars

    @Test(arguments: files("star__", "unstar__"))
    func starAndUnstarAcceptTheRecordedNoContent(_ name: String) async throws {
        let recording = try Self.load(name)
        let url = try #require(recording.requestURL)
        let (owner, repository) = try Self.ownerAndName(url, after: "starred")
        let (client, transport) = GitHubClient.replaying(recording.response)
        switch recording.requestMethod {
        case "PUT": try await client.starRepository(owner: owner, name: repository)
        case "DELETE": try await client.unstarRepository(owner: owner, name: repository)
        default: Issue.record("\(name): \(recording.requestMethod) is neither a star nor an unstar")
        }
        #expect(recording.response.status == 204)
        #expect(transport.requests.map(\.method) == [recording.requestMethod])
        #expect(transport.requests.first?.url == url)
        #expect(transport.requests.first?.headers["Content-Length"] == "0")
    }

    /// `GitHubAPI` has no star check of its own (the star sync reads the whole list); the client's
    /// GET still reads GitHub's two answers to one: 204 when starred, 404 when not.
    @Test(arguments: files("star-check__"))
    func aStarCheckIsNoContentWhenStarredAndNotFoundWhenNot(_ name: String) async throws {
        let recording = try Self.load(name)
        let url = try #require(recording.requestURL)
        let (client, _) = GitHubClient.replaying(recording.response)
        do {
            let response = try await client.get(url, policy: .init(resource: "core"))
            #expect(recording.response.status == 204)
            #expect(response.body.isEmpty)
        } catch {
            #expect(recording.response.status == 404)
            #expect(error == .notFound)
        }
    }

    @Test(arguments: files("user-starred__", "users-starred__"))
    func aPlainStarredPageGivesEveryRepositoryWithNoStarDate(_ name: String) async throws {
        let recording = try Self.load(name)
        let repositories = try Self.items(recording)
        let (client, transport) = GitHubClient.replaying(recording.response)
        let page = try await client.starredRepositories(page: try #require(recording.requestURL))
        #expect(page.items.count == repositories.count)
        #expect(page.items.map(\.repository.fullName) == repositories.compactMap { $0["full_name"] as? String })
        #expect(page.items.map(\.repository.id) == repositories.compactMap(Self.id))
        #expect(page.items.allSatisfy { $0.starredAt == nil })
        #expect(page.items.map(\.repository.stars) == repositories.map(Self.stars))
        #expect(page.items.map(\.repository.forks) == repositories.map(Self.forks))
        #expect(page.items.map(\.repository.isFork) == repositories.map { $0["fork"] as? Bool ?? false })
        #expect(page.items.map(\.repository.language) == repositories.map { ($0["language"] as? String).flatMap { $0.isEmpty ? nil : $0 } })
        #expect(page.items.map { $0.repository.owner?.login } == repositories.map { ($0["owner"] as? [String: Any])?["login"] as? String })
        // The last page: its Link has first and prev only.
        #expect(page.next == LinkHeader(recording.response.headers["link"]).next)
        // The client asks for star+json; a page in the plain shape must still read whole.
        #expect(transport.requests.first?.headers["Accept"] == "application/vnd.github.star+json")
    }

    @Test func starredRepositoriesFrom2012TakeTheirStarsFromWatchersCount() async throws {
        let recording = try Self.load("user-starred__plain-media-type__page2-last__old-shape__2012__pygithub.json")
        let repositories = try Self.items(recording)
        #expect(repositories.allSatisfy { $0["stargazers_count"] == nil && $0["watchers_count"] != nil })
        let (client, _) = GitHubClient.replaying(recording.response)
        let page = try await client.starredRepositories(page: try #require(recording.requestURL))
        #expect(page.items.map(\.repository.stars) == repositories.compactMap { Self.int($0["watchers_count"]) })
        #expect(page.items.contains { $0.repository.stars > 0 })
    }

    // MARK: Repositories

    @Test(arguments: files("user-repos__"))
    func repositoryListsOlderThanTheCountFieldsTakeStarsAndForksFromWatchersAndForks(_ name: String) async throws {
        let recording = try Self.load(name)
        let repositories = try Self.items(recording)
        #expect(repositories.allSatisfy { $0["stargazers_count"] == nil && $0["watchers_count"] == nil && $0["forks_count"] == nil })
        let (client, _) = GitHubClient.replaying(recording.response)
        let page = try await client.repositories(page: try #require(recording.requestURL))
        #expect(page.items.map(\.fullName) == repositories.compactMap { $0["full_name"] as? String })
        #expect(page.items.map(\.id) == repositories.compactMap(Self.id))
        #expect(page.items.map(\.stars) == repositories.compactMap { Self.int($0["watchers"]) })
        #expect(page.items.map(\.forks) == repositories.compactMap { Self.int($0["forks"]) })
        #expect(page.items.map(\.isFork) == repositories.map { $0["fork"] as? Bool ?? false })
        #expect(page.items.contains { $0.stars > 0 } && page.items.contains { $0.forks > 0 })
        #expect(page.next == LinkHeader(recording.response.headers["link"]).next)
    }

    @Test(arguments: files("get-repo__"))
    func repositoryPagesSayWhatTheirBodiesSay(_ name: String) async throws {
        let recording = try Self.load(name)
        let body = recording.json
        let ownerObject = try #require(body["owner"] as? [String: Any])
        let owner = try #require(ownerObject["login"] as? String)
        let repositoryName = try #require(body["name"] as? String)
        let (client, transport) = GitHubClient.replaying(recording.response)
        let details = try await client.repository(owner: owner, name: repositoryName)
        let repository = details.repository
        #expect(transport.requests.first?.url.path == "/repos/\(owner)/\(repositoryName)")
        #expect(repository.id == Self.id(body))
        #expect(repository.fullName == body["full_name"] as? String)
        #expect(repository.owner?.login == owner)
        #expect(repository.owner?.type.rawValue == ownerObject["type"] as? String ?? "User")
        #expect(repository.stars == Self.stars(body))
        #expect(repository.forks == Self.forks(body))
        #expect(repository.isFork == body["fork"] as? Bool ?? false)
        #expect(repository.isArchived == body["archived"] as? Bool ?? false)
        #expect(repository.isTemplate == body["is_template"] as? Bool ?? false)
        #expect(repository.topics == body["topics"] as? [String] ?? [])
        #expect(repository.updatedAt != nil && details.createdAt != nil)
        #expect(details.openIssues == Self.openIssues(body))
        #expect(details.watchers == Self.int(body["subscribers_count"]) ?? 0)
        #expect(details.license == (body["license"] as? [String: Any])?["name"] as? String)
        #expect(details.homepage == Self.homepage(body["homepage"] as? String))
        if let branch = body["default_branch"] as? String {
            #expect(details.defaultBranch == branch)
        }
        let parent = body["parent"] as? [String: Any]
        #expect(details.parent?.fullName == parent?["full_name"] as? String)
        #expect(details.parent?.stars == parent.map(Self.stars))
        #expect(details.parent?.forks == parent.map(Self.forks))
    }

    @Test func aRepositoryFrom2012WithoutStargazersCountTakesItsStarsFromWatchersCount() async throws {
        let details = try await Self.repository("get-repo__nvie-gitflow__old-shape-watchers-count-no-stargazers-count__2012__pygithub.json")
        #expect(details.body["stargazers_count"] == nil)
        #expect(details.page.repository.stars == Self.int(details.body["watchers_count"]))
        #expect(details.page.repository.forks == Self.int(details.body["forks_count"]))
        #expect(details.page.openIssues == Self.int(details.body["open_issues_count"]))
    }

    /// Before `default_branch`, GitHub named a repository's default branch `master_branch` (here
    /// "develop"): a page of that age still has one, and a correct client shows it.
    @Test func aRepositoryPageFrom2012NamesItsDefaultBranchByItsOlderName() async throws {
        let details = try await Self.repository("get-repo__nvie-gitflow__old-shape-watchers-count-no-stargazers-count__2012__pygithub.json")
        #expect(details.body["default_branch"] == nil)
        #expect(details.page.defaultBranch == details.body["master_branch"] as? String)
    }

    @Test func aLicenceGitHubCouldNotIdentifyIsShownByTheNameGitHubGaveIt() async throws {
        let details = try await Self.repository("get-repo__bndtools-bnd__license-other-noassertion__2020__hub4j.json")
        let license = try #require(details.body["license"] as? [String: Any])
        #expect(license["spdx_id"] as? String == "NOASSERTION")
        #expect(details.page.license == license["name"] as? String)
    }

    @Test func aForkShowsWhatItWasForkedFromEvenInThe2013Shape() async throws {
        let details = try await Self.repository("get-repo__akfish-PyGithub__fork-with-parent-and-source__etag-before-304__2013__pygithub.json")
        let parent = try #require(details.body["parent"] as? [String: Any])
        #expect(parent["stargazers_count"] == nil)
        #expect(details.page.repository.isFork)
        #expect(details.page.parent?.fullName == parent["full_name"] as? String)
        #expect(details.page.parent?.id == Self.id(parent))
        #expect(details.page.parent?.stars == Self.int(parent["watchers_count"]))
        #expect(details.page.parent?.owner?.login == (parent["owner"] as? [String: Any])?["login"] as? String)
    }

    @Test func anArchivedForkIsShownArchivedWithWhatItWasForkedFrom() async throws {
        let details = try await Self.repository("get-repo__hub4j-test-org-github-api__archived-fork-parent-source__patch-response__2019__hub4j.json")
        #expect(details.body["archived"] as? Bool == true)
        #expect(details.page.repository.isArchived)
        #expect(details.page.repository.isFork)
        #expect(details.page.parent?.fullName == (details.body["parent"] as? [String: Any])?["full_name"] as? String)
        #expect(details.page.parent?.isArchived == false)
    }

    @Test(arguments: files("languages__"))
    func languagesAreSharesOfTheRecordedBytesLargestFirst(_ name: String) async throws {
        let recording = try Self.load(name)
        let url = try #require(recording.requestURL)
        let (owner, repository) = try Self.ownerAndName(url, after: "repos")
        let bytes = recording.json.compactMapValues { Self.int($0) }
        let total = Double(bytes.values.reduce(0, +))
        let (client, transport) = GitHubClient.replaying(recording.response)
        let shares = try await client.languages(owner: owner, name: repository)
        #expect(transport.requests.first?.url == url)
        #expect(Dictionary(uniqueKeysWithValues: shares.map { ($0.name, $0.bytes) }) == bytes)
        #expect(shares.map(\.bytes) == bytes.values.sorted(by: >))
        for share in shares {
            #expect(abs(share.percent - Double(share.bytes) * 100 / total) < 0.000_1)
        }
    }

    @Test(arguments: files("search-repos__"))
    func repositorySearchPagesGiveEveryResultAndSkipNone(_ name: String) async throws {
        let recording = try Self.load(name)
        let items = try #require(recording.json["items"] as? [[String: Any]])
        let (client, _) = GitHubClient.replaying(recording.response)
        let page = try await client.searchRepositories(page: try #require(recording.requestURL))
        #expect(page.skippedCount == 0)
        #expect(page.repositories.map(\.fullName) == items.compactMap { $0["full_name"] as? String })
        #expect(page.repositories.map(\.id) == items.compactMap(Self.id))
        #expect(page.repositories.map(\.stars) == items.map(Self.stars))
        #expect(page.repositories.map(\.isFork) == items.map { $0["fork"] as? Bool ?? false })
        #expect(page.totalCount == Self.int(recording.json["total_count"]))
        #expect(page.incompleteResults == recording.json["incomplete_results"] as? Bool ?? false)
        #expect(page.next == LinkHeader(recording.response.headers["link"]).next)
        let resource = recording.response.headers["x-ratelimit-resource"] ?? "search"
        #expect(client.rateLimits.bucket(resource)?.limit == recording.response.headers["x-ratelimit-limit"].flatMap { Int($0) })
    }

    // MARK: 304 Not Modified

    /// PyGithub fetched akfish/PyGithub, then revalidated it two seconds later; the 304 it got is
    /// ../conditional__304-not-modified__2013__pygithub.json. Replayed in that order, the second
    /// answer is the repository of the first, and the request carried the first one's ETag.
    @Test func theRecorded304AfterTheRecorded200GivesTheCachedRepositoryBack() async throws {
        let fresh = try Self.load("get-repo__akfish-PyGithub__fork-with-parent-and-source__etag-before-304__2013__pygithub.json")
        let notModified = try Recording.load("conditional__304-not-modified__2013__pygithub.json")
        let etag = try #require(fresh.response.headers["etag"])
        #expect(notModified.response.status == 304)
        #expect(notModified.requestHeaders["If-None-Match"] == etag, "the two recordings are one exchange")
        let url = try #require(fresh.requestURL)
        let (owner, name) = try Self.ownerAndName(url, after: "repos")
        let (client, transport) = GitHubClient.replaying(fresh.response, notModified.response)
        let first = try await client.repository(owner: owner, name: name)
        let again = try await client.repository(owner: owner, name: name)
        #expect(again == first)
        #expect(transport.requests.count == 2)
        #expect(transport.requests.last?.headers["If-None-Match"] == etag)
        #expect(client.rateLimits.bucket("core")?.remaining == notModified.response.headers["x-ratelimit-remaining"].flatMap { Int($0) })
    }

    /// Neither recorded 304 carries `Link` (GitHub's reduced header set). Each answers a recorded
    /// list page that has an ETag and a next link (github3.py's /users page; the 304s were recorded
    /// for other URLs, and a 304 says nothing but "unchanged"): the page must come back with its
    /// next link, or paging would stop after page one.
    @Test(arguments: ((try? Recording.all().map(\.name)) ?? []).filter { $0.hasPrefix("conditional__304-") })
    func aRecorded304WithoutLinkKeepsTheNextLinkOfTheCachedPage(_ notModifiedName: String) async throws {
        let list = try Self.load("users-list__all-users-since__per-page-10__templated-first-link__2016__github3py.json")
        let notModified = try Recording.load(notModifiedName)
        #expect(notModified.response.status == 304)
        #expect(notModified.response.headers["link"] == nil)
        let etag = try #require(list.response.headers["etag"])
        let url = try #require(list.requestURL)
        let (client, transport) = GitHubClient.replaying(list.response, notModified.response)
        let first = try await client.users(page: url)
        let again = try await client.users(page: url)
        #expect(first.next != nil)
        #expect(again.next == first.next)
        #expect(again.items == first.items)
        #expect(transport.requests.last?.headers["If-None-Match"] == etag)
    }

    /// The last starred page (Link: first, prev) revalidated by a 304 stays the last, whole.
    @Test func theLastStarredPageStaysTheLastAfterARecorded304() async throws {
        let page = try Self.load("user-starred__plain-media-type__page2-last__old-shape__2012__pygithub.json")
        let notModified = try Recording.load("conditional__304-not-modified__2023__pygithub.json")
        let url = try #require(page.requestURL)
        let recorded = try Self.items(page)
        let (client, transport) = GitHubClient.replaying(page.response, notModified.response)
        let first = try await client.starredRepositories(page: url)
        let again = try await client.starredRepositories(page: url)
        #expect(again == first)
        #expect(again.next == nil)
        #expect(again.items.count == recorded.count)
        #expect(transport.requests.last?.headers["If-None-Match"] == page.response.headers["etag"])
    }

    // MARK: Reading the recordings

    static func load(_ name: String) throws -> Recording {
        try Recording.load(name, in: subfolder)
    }

    /// A list response's items, as the recording has them.
    static func items(_ recording: Recording) throws -> [[String: Any]] {
        try #require(JSONSerialization.jsonObject(with: recording.response.body) as? [[String: Any]])
    }

    /// A repository page as the client reads it, with the body it was read from.
    static func repository(_ name: String) async throws -> (page: RepositoryDetails, body: [String: Any]) {
        let recording = try load(name)
        let owner = try #require((recording.json["owner"] as? [String: Any])?["login"] as? String)
        let repositoryName = try #require(recording.json["name"] as? String)
        let (client, _) = GitHubClient.replaying(recording.response)
        return (try await client.repository(owner: owner, name: repositoryName), recording.json)
    }

    /// `/user/starred/{owner}/{repo}`, `/repos/{owner}/{repo}/…`: the two components after `marker`.
    static func ownerAndName(_ url: URL, after marker: String) throws -> (String, String) {
        let components = url.pathComponents
        let index = try #require(components.firstIndex(of: marker))
        try #require(components.count > index + 2)
        return (components[index + 1], components[index + 2])
    }

    static func int(_ value: Any?) -> Int? {
        (value as? NSNumber)?.intValue
    }

    static func id(_ object: [String: Any]) -> Int64? {
        (object["id"] as? NSNumber)?.int64Value
    }

    /// The star count under whichever name the recording's era used.
    static func stars(_ repository: [String: Any]) -> Int {
        int(repository["stargazers_count"]) ?? int(repository["watchers_count"]) ?? int(repository["watchers"]) ?? 0
    }

    static func forks(_ repository: [String: Any]) -> Int {
        int(repository["forks_count"]) ?? int(repository["forks"]) ?? 0
    }

    static func openIssues(_ repository: [String: Any]) -> Int {
        int(repository["open_issues_count"]) ?? int(repository["open_issues"]) ?? 0
    }

    /// What a homepage must become: trimmed; an http(s) address as it is; a bare host as https;
    /// any other scheme, or nothing, is no homepage.
    static func homepage(_ text: String?) -> URL? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else { return nil }
        if let url = URL(string: trimmed), let scheme = url.scheme?.lowercased() {
            return (scheme == "http" || scheme == "https") && url.host != nil ? url : nil
        }
        return URL(string: "https://" + trimmed)
    }
}
