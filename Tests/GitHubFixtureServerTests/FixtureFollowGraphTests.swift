import Foundation
import Testing
@testable import GitHubFixtureServer

/// The follow graph the data sets start from, and the enterprise data set whose ids collide.
@Suite("Fixture follow graph")
struct FixtureFollowGraphTests {
    let data = FixtureDataSet.standard
    var graph: FixtureFollowGraph { data.followGraph }
    var people: Int { data.users.filter { $0.type == "User" }.count }

    @Test func everyAccountHasTheFollowersItsProfileClaimsOrEveryPersonWhenItClaimsMore() {
        for user in data.users {
            let possible = user.type == "Bot" ? 0 : people - (user.type == "User" ? 1 : 0)
            #expect(graph.followers[user.id, default: []].count == min(user.followers, possible), "\(user.login)")
        }
        #expect(graph.followers[data.user(login: "torvalds")!.id]?.count == people - 1)
    }

    @Test func onlyPeopleFollowNeverThemselvesNorTwice() {
        for (follower, followed) in graph.following {
            #expect(data.user(id: follower)?.type == "User")
            #expect(!followed.contains(follower))
            #expect(Set(followed).count == followed.count)
        }
    }

    @Test func bothDirectionsHoldTheSameFollows() {
        let forward = graph.following.flatMap { follower, followed in followed.map { "\(follower)>\($0)" } }
        let backward = graph.followers.flatMap { followed, followers in followers.map { "\($0)>\(followed)" } }
        #expect(Set(forward) == Set(backward))
        #expect(forward.count == backward.count)
    }

    @Test func octocatFollowsMoreThanTwoPagesOfAHundredAndHasFollowers() throws {
        let octocat = try #require(data.user(login: "octocat"))
        #expect(graph.following[octocat.id]?.count == 250)
        #expect(graph.followers[octocat.id]?.count == octocat.followers)
        #expect(octocat.followers > 0)
    }

    @Test func aFewAccountsHaveThousandsOfFollowersAndMostHaveFew() {
        let counts = data.users.map { graph.followers[$0.id, default: []].count }.sorted()
        #expect(counts.filter { $0 >= 1_000 }.count >= 3)
        #expect(counts[counts.count / 2] <= 2)
        let following = data.users.filter { $0.type == "User" }.map { graph.following[$0.id, default: []].count }
        #expect(following.filter { $0 > 0 }.count > following.count * 9 / 10)
    }

    @Test func theGraphIsTheSameEveryTime() {
        let again = FixtureFollowGraph(users: data.users)
        #expect(again.following == graph.following)
        #expect(again.followers == graph.followers)
    }
}

@Suite("Fixture enterprise data set")
struct FixtureEnterpriseDataSetTests {
    let standard = FixtureDataSet.standard
    let enterprise = FixtureDataSet.enterprise

    @Test func theSameIDsInTheSameOrderBelongToOtherAccounts() {
        #expect(enterprise.users.map(\.id) == standard.users.map(\.id))
        #expect(zip(enterprise.users, standard.users).allSatisfy { $0.login != $1.login })
        #expect(Set(enterprise.users.map(\.login)) == Set(standard.users.map(\.login)))
        #expect(standard.user(id: 1125)?.login == "octocat")
        #expect(enterprise.user(id: 1125)?.login == "mojombo")
        #expect(enterprise.user(id: 1125)?.name == standard.user(login: "mojombo")?.name)
    }

    @Test func octocatSignsInOnBothUnderDifferentIDs() throws {
        let here = try #require(standard.user(login: "octocat"))
        let there = try #require(enterprise.user(login: "octocat"))
        #expect(here.id != there.id)
        #expect(there.name == here.name)
        #expect(enterprise.followGraph.following[there.id]?.count == 250)
    }

    @Test func repositoriesMoveWithTheirOwnersAndKeepTheirIDs() throws {
        for user in enterprise.users.prefix(500) {
            #expect((enterprise.repositoriesByUser[user.id]?.count ?? 0) == user.publicRepos)
        }
        let repo = try #require(enterprise.repository(owner: "octocat", name: "Hello-World"))
        let original = try #require(standard.repository(owner: "octocat", name: "Hello-World"))
        #expect(repo.id == original.id)
        #expect(repo.ownerID == enterprise.user(login: "octocat")?.id)
        #expect(Set(enterprise.repositories.map(\.id)) == Set(standard.repositories.map(\.id)))
    }
}
