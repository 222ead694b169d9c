import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("What the detail pane says")
struct PersonDetailTextsTests {
    private let user = User(id: 9, login: "octocat", avatarURL: nil, profileURL: URL(string: "https://github.com/octocat"), type: .organization)

    private func profile(followers: Int, memberSince: Date? = nil) -> UserProfile {
        UserProfile(id: 9, login: "octocat", name: "The Octocat", avatarURL: nil, profileURL: nil, type: .organization, bio: nil,
                    company: nil, location: nil, blog: nil, followers: followers, following: 9, publicRepositories: 8, memberSince: memberSince)
    }

    @Test func countsWaitForTheProfileThenShortenLargeOnes() {
        var state = PersonDetailState(user: user)
        #expect(state.counts.map(\.value) == ["–", "–", "–"])
        #expect(state.counts.map(\.caption) == ["Followers", "Following", "Repositories"])
        state.profile = profile(followers: 250_000)
        #expect(state.counts.map(\.value) == ["250k", "9", "8"])
        #expect(PersonDetailState.compact(99_999) == NumberText.integer(99_999))
    }

    @Test func badgeAndMemberSinceComeFromTheProfile() {
        var state = PersonDetailState(user: user)
        #expect(state.badge == "Organization")
        #expect(state.memberSince == nil)
        state.profile = profile(followers: 1, memberSince: Date(timeIntervalSince1970: 1_300_000_000))
        #expect(state.memberSince?.hasPrefix("Member since ") == true)
        #expect(state.memberSince?.contains("2011") == true)
    }

    @Test func repositoriesSayWhyNoneAreListed() {
        var state = PersonDetailState(user: user)
        #expect(state.repositoriesMessage == nil, "still loading")
        state.repositoriesPhase = .loaded
        #expect(state.repositoriesMessage == "No public repositories.")
        state.repositoriesPhase = .failed(message: "timed out")
        #expect(state.repositoriesMessage == "Repositories could not be loaded: timed out")
    }

    @Test func aFailedProfileIsAPageWithRetryAndAStaleOneANotice() {
        var state = PersonDetailState(user: user)
        #expect(state.failurePage == nil)
        state.phase = .failed(message: "Can't reach GitHub. Check your connection.")
        #expect(state.failurePage?.title == "Profile Not Available")
        #expect(state.failurePage?.description == "Can't reach GitHub. Check your connection.")
        #expect(state.failurePage?.button == "Retry")
        state.refreshError = "offline"
        #expect(state.refreshNotice == "Showing a saved copy: offline")
    }

    @Test func aRepositoryLineHasItsTagsAndDetails() {
        let repository = Repository(id: 1, name: "hello", fullName: "octocat/hello", description: nil, language: "Swift",
                                    stars: 1234, forks: 0, isFork: true, isArchived: true, pushedAt: nil, htmlURL: nil)
        #expect(repository.listTitle == "hello  (fork)  (archived)")
        #expect(repository.listDetails == "Swift  ·  ★ \(NumberText.integer(1234))")
    }
}
