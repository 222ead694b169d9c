import Foundation
import Testing
@testable import GitHubFinderCore

/// Every README the double serves (data/fixtures/readmes: real ones from Swift packages, and the
/// hostile ones), fetched over HTTP and parsed: what a correct renderer's model must make of them.
@Suite("README: the double's real and hostile READMEs")
struct RealReadmesTests {
    static let real = [
        "groue/GRDB.swift", "apple/swift-nio", "apple/swift-log", "apple/swift-argument-parser", "apple/swift-collections",
        "apple/swift-async-algorithms", "apple/swift-crypto", "apple/swift-system", "swhitty/FlyingFox", "hummingbird-project/hummingbird",
        "swift-server/async-http-client", "pointfreeco/swift-snapshot-testing", "ordo-one/benchmark", "pointfreeco/swift-clocks",
        "vapor/vapor", "jpsim/Yams", "JohnSundell/Ink", "pointfreeco/swift-dependencies",
    ]

    static func document(_ fullName: String, client: GitHubClient) async throws -> MarkdownDocument {
        let parts = fullName.split(separator: "/").map(String.init)
        let text = try #require(try await client.readme(owner: parts[0], name: parts[1]), "\(fullName) has a README")
        let links = ReadmeLinks(repositoryPage: URL(string: "https://github.com/\(fullName)")!, branch: "main")
        return try MarkdownParser.parse(text, links: links)
    }

    @Test func everyRealReadmeIsShownWholeWithHeadingsAndNoCut() async throws {
        try await withLiveDouble { _, client in
            for fullName in Self.real {
                let document = try await Self.document(fullName, client: client)
                let headings = document.blocks.filter { if case .heading = $0.content { true } else { false } }
                #expect(!headings.isEmpty, "\(fullName): its headings")
                #expect(!document.blocks.contains { if case .notice = $0.content { true } else { false } }, "\(fullName): nothing left out")
                let text = document.blocks.map { "\($0.content)" }.joined()
                #expect(!text.contains("<img") && !text.contains("<p align") && !text.contains("<a href"), "\(fullName): no layout tag shown as text")
            }
        }
    }

    @Test func grdbsReadmeHasItsTablesCodeAndLinks() async throws {
        try await withLiveDouble { _, client in
            let document = try await Self.document("groue/GRDB.swift", client: client)
            let code = document.blocks.filter { if case .code(let language, _) = $0.content { language == "swift" } else { false } }
            #expect(code.count > 50, "GRDB's README is mostly Swift examples")
            let links = document.blocks.flatMap { block -> [MarkdownRun] in if case .paragraph(let runs) = block.content { runs } else { [] } }.compactMap(\.link)
            #expect(links.count > 50)
            #expect(document.anchors.count > 20)
        }
    }

    @Test func hostileReadmesAreCutOrDefusedAndStillShown() async throws {
        try await withLiveDouble { _, client in
            let nested = try await Self.document("0xdeadbeef-readmes/deep-nesting", client: client)
            #expect(nested.blocks.map(\.quoteDepth).max() == MarkdownLimits.readme.depth && nested.blocks.map(\.listDepth).max() == MarkdownLimits.readme.depth)

            let table = try await Self.document("0xdeadbeef-readmes/huge-table", client: client)
            guard case .table(let rows)? = table.blocks.dropFirst().first?.content else { Issue.record("no table"); return }
            #expect(rows.rows.count == MarkdownLimits.readme.tableRows + 1)
            #expect(table.blocks.last?.content == .notice("9,500 more rows on GitHub"))

            let line = try await Self.document("0xdeadbeef-readmes/long-line", client: client)
            guard case .paragraph(let runs)? = line.blocks.last(where: { if case .paragraph = $0.content { true } else { false } })?.content else { Issue.record("no paragraph"); return }
            #expect(runs.map(\.text.utf8.count).reduce(0, +) <= MarkdownLimits.readme.paragraphBytes + 4)

            let code = try await Self.document("0xdeadbeef-readmes/huge-code", client: client)
            let texts = code.blocks.compactMap { block -> String? in if case .code(_, let text) = block.content { text } else { nil } }
            #expect(texts.count == 2 && texts.allSatisfy { $0.utf8.count <= MarkdownLimits.readme.codeBytes })
            #expect(code.blocks.filter { $0.codePieces().count > 20 }.count == 2, "both shown in pieces")

            let schemes = try await Self.document("0xdeadbeef-readmes/javascript-links", client: client)
            let targets = schemes.blocks.flatMap { block -> [MarkdownRun] in if case .paragraph(let runs) = block.content { runs } else { [] } }.compactMap(\.link)
            #expect(targets.map { "\($0)" } == ["web(https://example.com/)", "web(https://github.com/0xdeadbeef-readmes/javascript-links/blob/main/docs/guide.md)"])

            let html = try await Self.document("0xdeadbeef-readmes/script-html", client: client)
            let shown = html.blocks.map { "\($0.content)" }.joined()
            #expect(!shown.contains("alert") && !shown.contains("display: none") && !shown.contains("onerror"))
            #expect(shown.contains("Click text stays text"))

            let markup = try await Self.document("0xdeadbeef-readmes/pango-markup", client: client)
            guard case .heading(_, let title, _)? = markup.blocks.first?.content else { Issue.record("no heading: \(markup.blocks)"); return }
            #expect(title.map(\.text).joined() == "Bold? & red?", "tags in a heading are HTML, reduced to their text")
        }
    }
}
