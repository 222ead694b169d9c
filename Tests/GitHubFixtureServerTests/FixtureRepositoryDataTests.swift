import Foundation
import Testing
@testable import GitHubFixtureServer

/// The committed repositories: tens of thousands, with the rows and oddities tests rely on.
@Suite("Fixture repositories")
struct FixtureRepositoryDataTests {
    let data = FixtureDataSet.standard

    @Test func holdTensOfThousandsWithUniqueIDsAndCountsMatchingEveryProfile() {
        #expect(data.repositories.count >= 25_000)
        #expect(Set(data.repositories.map(\.id)).count == data.repositories.count)
        for user in data.users {
            #expect((data.repositoriesByUser[user.id]?.count ?? 0) == user.publicRepos, "\(user.login)")
        }
    }

    @Test func theWellKnownRowsExist() throws {
        let hello = try #require(data.repository(owner: "octocat", name: "hello-world"))
        #expect(hello.name == "Hello-World" && hello.language == nil && !hello.isFork)
        #expect(data.repository(owner: "octocat", name: "안녕하세요-세계")?.description?.contains("한국어") == true)
        #expect(data.repository(owner: "mojombo", name: "grit")?.isArchived == true)
        #expect(data.repository(owner: "octocat", name: "octo-template")?.isTemplate == true)
        #expect(data.repository(owner: "torvalds", name: "linux")?.stars == 190_000)
        let fork = try #require(data.repository(owner: "defunkt", name: "Hello-World"))
        #expect(fork.isFork && fork.parent == "octocat/Hello-World")
        #expect(data.repository(owner: "0xdeadbeef", name: "unsafe-homepage")?.homepage == "javascript:alert(document.cookie)")
    }

    @Test func everyForkHasAParentThatExists() {
        let forks = data.repositories.filter(\.isFork)
        #expect(forks.count > 1_000)
        #expect(forks.allSatisfy { $0.parent.flatMap(data.repository(fullName:)) != nil })
    }

    @Test func coverTheAwkwardCases() {
        let all = data.repositories
        #expect(all.contains { $0.description == nil } && all.contains { $0.language == nil })
        #expect(all.contains { $0.description?.unicodeScalars.contains { $0.properties.isEmojiPresentation } == true })
        #expect(all.contains { $0.description?.unicodeScalars.contains { (0xAC00...0xD7A3).contains($0.value) } == true })
        #expect(all.contains { ($0.homepage ?? "http").hasPrefix("http") == false && $0.homepage?.isEmpty == false })
        #expect(all.filter { $0.stars >= 100_000 }.count >= 3)
        #expect(all.filter { $0.stars == 0 }.count > all.count / 3)
        #expect(all.contains { !$0.topics.isEmpty } && all.contains { $0.license == nil } && all.contains { $0.license == "mit" })
        #expect(all.contains { $0.defaultBranch == "master" } && all.contains { $0.helpWantedIssues > 0 })
    }

    @Test func languageBytesAreDeterministicAndLargestFirst() throws {
        let linux = try #require(data.repository(owner: "torvalds", name: "linux"))
        let bytes = FixtureRouter.languageBytes(linux)
        #expect(bytes.first?.0 == "C")
        #expect(bytes.map(\.1) == bytes.map(\.1).sorted(by: >))
        #expect(bytes.map(\.1) == FixtureRouter.languageBytes(linux).map(\.1))
        #expect(FixtureRouter.languageBytes(try #require(data.repository(owner: "octocat", name: "Hello-World"))).isEmpty)
    }
}

@Suite("Fixture repository search semantics")
struct FixtureRepositorySearchTests {
    let data = FixtureDataSet.standard

    func results(_ query: String, sort: FixtureRepositorySearch.Sort = .bestMatch, ascending: Bool = false) throws -> [FixtureRepository] {
        try FixtureRepositorySearch(query: query).results(in: data, sort: sort, ascending: ascending)
    }

    func owner(_ repo: FixtureRepository) -> String { data.user(id: repo.ownerID)?.login.lowercased() ?? "" }

    @Test func textMatchesNameOrDescriptionAndForksAreLeftOutUnlessAsked() throws {
        #expect(try results("HELLO-world").map { "\(owner($0))/\($0.name)" } == ["octocat/Hello-World"])
        #expect(try results("hello-world fork:true").count > 2)
        #expect(try results("hello-world fork:only").allSatisfy(\.isFork))
        #expect(try results("\"no longer maintained\"").first?.name == "grit")
        #expect(try results("한국어").contains { $0.name == "안녕하세요-세계" })
        #expect(try results("maintained in:name").isEmpty)
    }

    @Test func qualifiersFilter() throws {
        #expect(try results("language:swift").allSatisfy { $0.language == "Swift" })
        #expect(try results("stars:>1000").allSatisfy { $0.stars > 1_000 })
        #expect(try results("stars:10..20 forks:<=3").allSatisfy { (10...20).contains($0.stars) && $0.forks <= 3 })
        #expect(try results("org:gnome").allSatisfy { owner($0) == "gnome" })
        #expect(try results("user:octocat user:mojombo").allSatisfy { ["octocat", "mojombo"].contains(owner($0)) })
        #expect(try results("topic:gtk topic:cli").allSatisfy { $0.topics.contains("gtk") && $0.topics.contains("cli") })
        #expect(try results("archived:true").allSatisfy(\.isArchived))
        #expect(try results("archived:false").allSatisfy { !$0.isArchived })
        #expect(try results("is:template").allSatisfy(\.isTemplate))
        #expect(try results("license:mit stars:>50").allSatisfy { $0.license == "mit" })
        #expect(try !results("org:gnome topic:gtk").isEmpty)
    }

    @Test func sortsAreOrdered() throws {
        #expect(try results("gtk", sort: .stars).map(\.stars) == results("gtk", sort: .stars).map(\.stars).sorted(by: >))
        #expect(try results("gtk", sort: .forks, ascending: true).map(\.forks) == results("gtk", sort: .forks).map(\.forks).sorted())
        #expect(try results("a", sort: .helpWantedIssues).map(\.helpWantedIssues) == results("a", sort: .helpWantedIssues).map(\.helpWantedIssues).sorted(by: >))
        #expect(try results("a", sort: .updated).map(\.updatedAt) == results("a", sort: .updated).map(\.updatedAt).sorted(by: >))
        #expect(try results("linux").first?.name == "linux")
    }
}
