import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("Repository rows: what a result says")
struct RepositoryRowTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func repository(stars: Int = 12_345, forks: Int = 1, updated: TimeInterval = 3 * 86_400, archived: Bool = false, fork: Bool = false, template: Bool = false) -> Repository {
        Repository(id: 7, name: "swift", fullName: "apple/swift", description: "", language: "C++", stars: stars, forks: forks,
                   isFork: fork, isArchived: archived, pushedAt: nil, htmlURL: URL(string: "https://github.com/apple/swift"),
                   owner: User(id: 1, login: "apple", avatarURL: URL(string: "https://avatars.githubusercontent.com/u/10639145"), profileURL: nil, type: .organization),
                   isTemplate: template, updatedAt: now.addingTimeInterval(-updated))
    }

    @Test func countsAreShortenedTheWayGitHubShortensThem() {
        #expect(NumberText.compact(999, decimalSeparator: ".") == "999")
        #expect(NumberText.compact(12_345, decimalSeparator: ".") == "12.3k")
        #expect(NumberText.compact(12_000, decimalSeparator: ".") == "12k")
        #expect(NumberText.compact(123_456, decimalSeparator: ".") == "123k")
        #expect(NumberText.compact(99_949, decimalSeparator: ".") == "99.9k")
        #expect(NumberText.compact(2_148_331, decimalSeparator: ".") == "2.1M")
        #expect(NumberText.compact(12_345, decimalSeparator: ",") == "12,3k")
    }

    @Test func theSummarySaysLanguageStarsForksAndWhenItChanged() {
        let row = RepositoryRow(repository(forks: 1), isFavorite: false, now: now)
        #expect(row.summary == "C++ · ★ 12.3k · 1 fork · Updated 3 days ago")
        #expect(row.description == nil, "an empty description is no line at all")
        #expect(row.avatarURL?.host == "avatars.githubusercontent.com")
        #expect(RepositoryRow(repository(forks: 2_500), isFavorite: false, now: now).summary.contains("2.5k forks"))
    }

    @Test(arguments: [(30.0, "Updated just now"), (125.0, "Updated 2 minutes ago"), (3_600.0, "Updated 1 hour ago"),
                      (86_400.0 * 45, "Updated 1 month ago"), (86_400.0 * 800, "Updated 2 years ago")])
    func updatedTimesReadNaturally(seconds: TimeInterval, text: String) {
        #expect(RelativeTime.updated(now.addingTimeInterval(-seconds), now: now) == text)
    }

    @Test func badgesAndStarLabels() {
        let row = RepositoryRow(repository(archived: true, fork: true, template: true), isFavorite: true, now: now)
        #expect(row.badges == ["Archived", "Fork", "Template"])
        #expect(row.starLabel == "Unstar apple/swift")
        #expect(RepositoryRow.starLabel(fullName: "apple/swift", isFavorite: false) == "Star apple/swift")
    }

    @Test func theCapNoticeNamesRepositories() {
        #expect(RepositoryRow.capNotice(total: 900) == nil)
        let grouping = NumberGrouping.current
        #expect(RepositoryRow.capNotice(total: 2_148_331) == "Showing the first \(grouping.format(1_000)) of \(grouping.format(2_148_331)) repositories")
    }
}
