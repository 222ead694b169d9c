import Foundation
import Testing
@testable import GitHubFixtureServer

/// The committed data set has the awkward cases the app must handle.
@Suite("Fixture data set")
struct FixtureDataSetTests {
    let data = FixtureDataSet.standard

    @Test func holdsAtLeastFiveThousandAccountsWithUniqueIDsAndLogins() {
        #expect(data.users.count >= 5_000)
        #expect(Set(data.users.map(\.id)).count == data.users.count)
        #expect(Set(data.users.map { $0.login.lowercased() }).count == data.users.count)
    }

    @Test func coversTheAwkwardCases() {
        #expect(data.users.contains { $0.type == "Bot" && $0.login.hasSuffix("[bot]") })
        #expect(data.users.filter { $0.type == "Organization" }.count > 100)
        #expect(data.users.contains { $0.login.first?.isNumber == true })
        #expect(data.users.contains { $0.name?.unicodeScalars.contains { $0.value > 0x3000 } == true })
        #expect(data.users.contains { $0.bio == nil && $0.company == nil })
        #expect(data.users.contains { $0.bio?.contains("\r\n") == true })
        #expect(data.users.contains { $0.bio?.contains("<b>markup</b>") == true })
        #expect(data.users.contains { $0.bio?.unicodeScalars.contains { $0.properties.isEmojiPresentation } == true })
        #expect(data.repositoriesByUser.values.contains { $0.count >= 300 })
    }

    @Test func repositoryCountsMatchTheProfiles() {
        for user in data.users.prefix(500) {
            #expect((data.repositoriesByUser[user.id]?.count ?? 0) == user.publicRepos)
        }
    }

    @Test func theGeneratorIsCommittedAndTheDataFileIsWhereTheServerLooks() {
        let root = FixtureDataSet.defaultFile.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("scripts/generate-fixture-data.py").path))
        #expect(FileManager.default.fileExists(atPath: FixtureDataSet.defaultFile.path))
    }
}

@Suite("Fixture search semantics")
struct FixtureSearchTests {
    let data = FixtureDataSet.standard

    func logins(_ query: String, sort: FixtureSearch.Sort = .bestMatch, ascending: Bool = false) throws -> [FixtureUser] {
        try FixtureSearch(query: query).results(in: data, sort: sort, ascending: ascending)
    }

    @Test func termsMatchASubstringOfLoginOrNameCaseInsensitively() throws {
        let results = try logins("TOM")
        #expect(!results.isEmpty)
        #expect(results.allSatisfy { $0.login.lowercased().contains("tom") || ($0.name?.lowercased().contains("tom") ?? false) })
        #expect(try logins("octocat").first?.login == "octocat")
    }

    @Test func qualifiersFilter() throws {
        #expect(try logins("type:org").allSatisfy { $0.type == "Organization" })
        #expect(try logins("location:berlin").allSatisfy { $0.location?.lowercased().contains("berlin") == true })
        #expect(try logins("location:\"San Francisco\"").allSatisfy { $0.location?.contains("San Francisco") == true })
        #expect(try logins("followers:>100").allSatisfy { $0.followers > 100 })
        #expect(try logins("repos:10..20").allSatisfy { (10...20).contains($0.publicRepos) })
        #expect(try logins("a repos:>=5 followers:<=50").allSatisfy { $0.publicRepos >= 5 && $0.followers <= 50 })
    }

    @Test func sortsAreOrdered() throws {
        #expect(try logins("a", sort: .followers).map(\.followers) == logins("a", sort: .followers).map(\.followers).sorted(by: >))
        #expect(try logins("a", sort: .repositories, ascending: true).map(\.publicRepos) == logins("a", sort: .repositories).map(\.publicRepos).sorted())
        #expect(try logins("a", sort: .joined).map(\.createdAt) == logins("a", sort: .joined).map(\.createdAt).sorted(by: >))
    }

    @Test func emptyAndOverlongQueriesAreRejected() {
        #expect(throws: FixtureSearch.Problem.missingQuery) { try FixtureSearch(query: "   ") }
        #expect(throws: FixtureSearch.Problem.tooLong) { try FixtureSearch(query: String(repeating: "x", count: 257)) }
    }
}

@Suite("PNG avatars")
struct PNGImageTests {
    @Test(arguments: [1, 40, 64, 460])
    func identiconsAreValidPNGsWithCorrectChunkCRCs(_ size: Int) throws {
        let png = PNGImage.identicon(seed: 42, size: size)
        #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        var offset = 8
        var types: [String] = []
        while offset < png.count {
            let length = png[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let typed = png[offset + 4..<offset + 8 + length]
            let crc = png[offset + 8 + length..<offset + 12 + length].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            #expect(PNGImage.crc32(Data(typed)) == crc)
            types.append(String(decoding: typed.prefix(4), as: UTF8.self))
            offset += 12 + length
        }
        #expect(types == ["IHDR", "IDAT", "IEND"])
        #expect(png[16..<20].reduce(0) { $0 << 8 | Int($1) } == size)
    }

    @Test func differentAccountsGetDifferentPictures() {
        #expect(PNGImage.identicon(seed: 1, size: 40) != PNGImage.identicon(seed: 2, size: 40))
    }
}
