import Testing
@testable import GitHubFinderCore

@Suite("Who is signed in, as the header bar says it")
struct AccountSummaryTests {
    @Test func eachSourceSaysWhereTheSignInComesFrom() {
        #expect(AccountSummary.text(nil) == "Not signed in")
        #expect(AccountSummary.text(.init(login: nil, source: .environment)) == "Signed in from environment")
        #expect(AccountSummary.text(.init(login: "octocat", source: .environment)) == "octocat (from environment)")
        #expect(AccountSummary.text(.init(login: "octocat", source: .keyring)) == "octocat")
        #expect(AccountSummary.text(.init(login: nil, source: .session)) == "Signed in")
    }
}
