import Foundation
import Testing
@testable import GitHubFinderCore

/// Whom the signed-in account follows, for the rows' "Following" badge: every page brought in,
/// nothing signed out, kept when GitHub cannot be reached, and changed by what a detail learns
/// or an import brings in whole.
@MainActor
@Suite("Whom you follow: the Following badge")
struct FollowedPeopleTests {
    let api = GitHubAPIFake()
    let page2 = URL(string: "https://api.example/user/following?page=2")!

    func people(_ range: ClosedRange<Int>) -> [User] { YourProfileViewModelTests.people(range) }

    @Test func everyPageIsBroughtInAndSigningOutForgetsThem() async {
        api.networkPage = { [people = people(1...100), page2] _ in Page(items: people, next: page2) }
        api.usersPage = { [people = people(101...130)] _ in Page(items: people, next: nil) }
        var account: String? = "octocat"
        let followed = FollowedPeople(api: api, account: { account })
        await followed.synchronize()
        #expect(followed.ids == Set((1...130).map { UserID($0) }))
        #expect(followed.contains(130) && !followed.contains(131))

        account = nil
        await followed.synchronize()
        #expect(followed.ids.isEmpty, "signed out, nobody carries the badge")
    }

    @Test func aFailedFetchKeepsWhatWasKnown() async {
        api.networkPage = { [people = people(1...3)] _ in Page(items: people, next: nil) }
        let followed = FollowedPeople(api: api, account: { "octocat" })
        await followed.synchronize()
        api.networkPage = { _ throws(GitHubError) in throw .offline(.notConnected) }
        await followed.synchronize()
        #expect(followed.ids == [1, 2, 3])
    }

    @Test func aDetailsCheckAndItsFollowChangeTheBadge() async {
        api.profile = { _ in PersonDetailViewModelTests.profile }
        api.followed = { _ in true }
        api.followChange = { _, _ in }
        var mona = PersonDetailViewModelTests.profile
        mona.login = "mona"
        api.accounts = { [mona] _ in mona }
        api.credentials.token = "ghp_test"
        let dependencies = AppDependencies(api: api, database: .inMemory())
        let detail = dependencies.makePersonDetailViewModel(user: .stub(), actions: .init(openURL: { _ in }, showError: { _ in }))
        detail.send(.load)
        #expect(await eventually { dependencies.followed.contains(User.stub().id) }, "GitHub says you follow them")
        detail.send(.toggleFollow)
        #expect(await eventually { !dependencies.followed.contains(User.stub().id) }, "unfollowed, the badge goes")
    }

    @Test func anImportThatRanToItsEndReplacesTheList() async {
        api.profile = { _ in PersonDetailViewModelTests.profile }
        api.networkPage = { [people = people(5...9)] _ in Page(items: people, next: nil) }
        let followed = FollowedPeople(api: api, account: { "octocat" })
        followed.set(1, followed: true)
        let importing = FollowingImport(api: api, store: GRDBFavoritesStore<People>(database: .inMemory()), account: { "octocat" }, followed: followed)
        importing.start { _ in }
        await importing.wait()
        #expect(followed.ids == Set((5...9).map { UserID($0) }))
    }
}
