import Foundation
import Testing
@testable import GitHubFinderCore

/// What a README's Markdown becomes: the blocks and runs the detail pane shows, parsed by the
/// real cmark-gfm.
@Suite("README: Markdown to blocks")
struct MarkdownParserTests {
    static let links = ReadmeLinks(repositoryPage: URL(string: "https://github.com/groue/GRDB.swift")!, branch: "master")

    func parse(_ text: String, limits: MarkdownLimits = .readme) throws -> [MarkdownBlock] {
        try MarkdownParser.parse(text, links: Self.links, limits: limits).blocks
    }

    @Test func headingsParagraphsAndInlineStyles() throws {
        let blocks = try parse("# Getting Started!\n\nSome *soft* and **strong** ~~gone~~ `code`\nnext line.\n")
        #expect(blocks.count == 2)
        #expect(blocks[0].content == .heading(level: 1, runs: [MarkdownRun("Getting Started!")], anchor: "getting-started"))
        #expect(blocks[1].content == .paragraph([
            MarkdownRun("Some "), MarkdownRun("soft", style: .emphasis), MarkdownRun(" and "), MarkdownRun("strong", style: .strong),
            MarkdownRun(" "), MarkdownRun("gone", style: .strikethrough), MarkdownRun(" "), MarkdownRun("code", style: .code),
            MarkdownRun(" next line."),
        ]))
    }

    @Test func repeatedHeadingsGetGitHubsNumberedAnchors() throws {
        let blocks = try parse("## Usage\n\n## Usage\n\n## Ünïcode & Co.\n")
        let anchors = blocks.compactMap { if case .heading(_, _, let anchor) = $0.content { anchor } else { nil } }
        #expect(anchors == ["usage", "usage-1", "ünïcode--co"])
    }

    @Test func nestedListsCarryTheirDepthAndMarkers() throws {
        let blocks = try parse("1. one\n2. two\n   - inner\n   - [x] done\n   - [ ] todo\n3. three\n")
        let summary = blocks.map { block -> String in
            let text = if case .paragraph(let runs) = block.content { runs.map(\.text).joined() } else { "?" }
            return "\(block.listDepth) \(String(describing: block.marker)) \(text)"
        }
        #expect(summary == [
            "1 Optional(GitHubFinderCore.MarkdownListMarker.number(1)) one",
            "1 Optional(GitHubFinderCore.MarkdownListMarker.number(2)) two",
            "2 Optional(GitHubFinderCore.MarkdownListMarker.bullet) inner",
            "2 Optional(GitHubFinderCore.MarkdownListMarker.task(checked: true)) done",
            "2 Optional(GitHubFinderCore.MarkdownListMarker.task(checked: false)) todo",
            "1 Optional(GitHubFinderCore.MarkdownListMarker.number(3)) three",
        ])
    }

    @Test func codeBlocksKeepTheirTextAndLanguage() throws {
        let blocks = try parse("```swift title=\"x\"\nlet a = \"<b>\"\n\n  indented\n```\n\n    four spaces\n")
        #expect(blocks.map(\.content) == [.code(language: "swift", text: "let a = \"<b>\"\n\n  indented"), .code(language: "", text: "four spaces")])
    }

    @Test func quotesRulesAndTablesWithAlignments() throws {
        let blocks = try parse("> quoted\n>> deeper\n\n---\n\n| Name | Stars |  Mid |\n|:-----|------:|:----:|\n| a | 1 |\n| *b* | 2 | x | extra |\n")
        #expect(blocks[0].quoteDepth == 1 && blocks[1].quoteDepth == 2)
        #expect(blocks[2].content == .rule)
        guard case .table(let table) = blocks[3].content else { Issue.record("no table: \(blocks)"); return }
        #expect(table.alignments == [.leading, .trailing, .center])
        #expect(table.rows.map { $0.map { $0.map(\.text).joined() } } == [["Name", "Stars", "Mid"], ["a", "1", ""], ["b", "2", "x"]])
        #expect(table.rows[2][0] == [MarkdownRun("b", style: .emphasis)])
    }

    /// swift-nio's table: `[link] <br> What it is`: the second line starts at its first word.
    @Test func aLineAfterABreakStartsAtItsFirstCharacter() throws {
        let blocks = try parse("| Repository |\n|---|\n| [nio](https://github.com/apple/swift-nio) <br> SwiftNIO core |\n\nOne  \n  two <br>   three\n")
        guard case .table(let table) = blocks[0].content else { Issue.record("no table: \(blocks)"); return }
        #expect(table.rows[1][0].map(\.text).joined() == "nio \nSwiftNIO core")
        #expect(blocks[1].runs.map(\.text).joined() == "One\ntwo \nthree")
    }

    @Test func linksAreResolvedAndOtherSchemesStayText() throws {
        let blocks = try parse("[docs](Documentation/README.md) [site](https://grdb.example/) [bad](javascript:alert(1)) [mail](mailto:a@b.c) [top](#getting-started) <https://auto.example/x> www.bare.example\n")
        guard case .paragraph(let runs) = blocks.first?.content else { Issue.record("no paragraph"); return }
        let linked = runs.filter { $0.link != nil }.map { "\($0.text) → \($0.link!)" }
        #expect(linked == [
            "docs → web(https://github.com/groue/GRDB.swift/blob/master/Documentation/README.md)",
            "site → web(https://grdb.example/)",
            "top → anchor(\"getting-started\")",
            "https://auto.example/x → web(https://auto.example/x)",
            "www.bare.example → web(https://www.bare.example)",
        ])
        let text = runs.map(\.text).joined()
        #expect(text.contains("bad") && text.contains("mail"), "a refused link keeps its text")
    }

    @Test func imagesAreResolvedAndOnlyGitHubsOwnHostsLoadWithoutAsking() throws {
        let blocks = try parse("![logo](README/logo.png) ![badge](https://img.shields.io/badge/x.svg) [![ci](https://github.com/groue/GRDB.swift/blob/master/ci.png)](https://ci.example/) ![x](data:image/png;base64,AAAA)\n")
        guard case .paragraph(let runs) = blocks.first?.content else { Issue.record("no paragraph"); return }
        let images = runs.compactMap(\.image)
        #expect(images.map(\.source.absoluteString) == [
            "https://raw.githubusercontent.com/groue/GRDB.swift/master/README/logo.png",
            "https://img.shields.io/badge/x.svg",
            "https://raw.githubusercontent.com/groue/GRDB.swift/master/ci.png",
        ])
        #expect(images.map(\.isGitHubHosted) == [true, false, true])
        #expect(images[2].link == .web(URL(string: "https://ci.example/")!), "an image inside a link follows it")
        #expect(runs.map(\.text).joined().contains("x"), "a data: image shows its description")
        #expect(runs.filter { $0.image != nil }.map(\.text) == ["logo", "badge", "ci"])
    }

    @Test func layoutHTMLIsRenderedAndActiveHTMLDropped() throws {
        let html = """
        <p align="center">
          <img src="logo.png" width="200px" alt="Logo">
        </p>
        <h1 align="center">GRDB &amp; friends</h1>

        Press <kbd>Ctrl</kbd>+<kbd>C</kbd>, H<sub>2</sub>O, x<sup>2</sup>.

        <script>alert("hi")</script>
        <img src="x" onerror="alert(1)">
        <details>
        <summary>More <b>info</b></summary>

        Hidden *text*.

        </details>
        <span style="color:red">plain &lt;b&gt;</span>
        """
        let blocks = try parse(html)
        let shown = blocks.map { block -> String in
            switch block.content {
            case .paragraph(let runs): return (block.centered ? "centered " : "") + runs.map { $0.image != nil ? "[img \($0.text) \($0.image!.width ?? 0)]" : $0.text }.joined()
            case .heading(let level, let runs, _): return (block.centered ? "centered " : "") + "h\(level) " + runs.map(\.text).joined()
            case .detailsStart(let runs): return "details " + runs.map(\.text).joined()
            case .detailsEnd: return "end details"
            default: return "\(block.content)"
            }
        }
        #expect(shown == [
            "centered [img Logo 200]",
            "centered h1 GRDB & friends",
            "Press Ctrl+C, H2O, x2.",
            "[img  0]",
            "details More info",
            "Hidden text.",
            "end details",
            "plain <b>",
        ])
        guard case .paragraph(let runs) = blocks[2].content else { return }
        #expect(runs.filter { $0.style == .keyboard }.map(\.text) == ["Ctrl", "C"])
        #expect(runs.filter { $0.style == .lowered }.map(\.text) == ["2"] && runs.filter { $0.style == .raised }.map(\.text) == ["2"])
        #expect(!blocks.contains { "\($0)".contains("alert") }, "script content is dropped, attributes never kept")
    }

    /// The parts the view builds and drops as a whole: each block, except a `<details>` with
    /// all it holds (nested ones included); one left open runs to the end.
    @Test func partsKeepADetailsWithWhatItHolds() {
        let blocks: [MarkdownBlock.Content] = [
            .heading(level: 1, runs: [MarkdownRun("A")], anchor: "a"), .paragraph([MarkdownRun("p")]),
            .detailsStart([MarkdownRun("More")]), .paragraph([MarkdownRun("in")]),
            .detailsStart([MarkdownRun("Deeper")]), .rule, .detailsEnd, .detailsEnd,
            .rule, .detailsStart([MarkdownRun("Open")]), .paragraph([MarkdownRun("to the end")]),
        ]
        let document = MarkdownDocument(blocks: blocks.map { MarkdownBlock($0) })
        #expect(document.parts == [0..<1, 1..<2, 2..<8, 8..<9, 9..<11])
        #expect(MarkdownDocument().parts.isEmpty)
    }

    /// A paragraph far longer than any real README's is shown as several of at most 1 KB, cut
    /// after a space, nothing lost, links and styles kept on each piece.
    @Test func aHugeParagraphIsCutIntoPiecesAtSpaces() throws {
        let words = (1...600).map { "word\($0)" }
        let markdown = words[..<300].joined(separator: " ") + " [a link in the middle](https://example.com/) *and* " + words[300...].joined(separator: " ") + "\n"
        let blocks = try parse(markdown)
        let pieces = blocks.compactMap { block -> [MarkdownRun]? in if case .paragraph(let runs) = block.content { runs } else { nil } }
        #expect(pieces.count == blocks.count && pieces.count > 4)
        #expect(pieces.allSatisfy { $0.reduce(0) { $0 + $1.text.utf8.count } <= MarkdownLimits.readme.paragraphPieceBytes })
        #expect(pieces.dropLast().allSatisfy { $0.last?.text.hasSuffix(" ") == true }, "cut after a space, never inside a word")
        let text = pieces.flatMap { $0 }.map(\.text).joined()
        #expect(text == markdown.dropLast().replacingOccurrences(of: "[a link in the middle](https://example.com/) *and*", with: "a link in the middle and"))
        #expect(pieces.flatMap { $0 }.contains { $0.text.contains("a link") && $0.link == .web(URL(string: "https://example.com/")!) })
        #expect(blocks.dropFirst().allSatisfy { $0.marker == nil })
    }

    /// A long code block is shown in pieces of at most 1 KB (`codePieceBytes`), cut at line
    /// ends (a longer line is cut too, never inside a character), nothing lost.
    @Test func aLongCodeBlockComesInPiecesCutAtLineEnds() throws {
        let lines = (1...400).map { "let value\($0) = \($0) * 7  // ✓ line \($0)" }
        let code = try #require(try parse("```swift\n" + lines.joined(separator: "\n") + "\n```\n").first)
        let pieces = code.codePieces()
        #expect(pieces.count > 4)
        #expect(pieces.allSatisfy { $0.utf8.count <= MarkdownLimits.readme.codePieceBytes })
        #expect(pieces.joined(separator: "\n") == lines.joined(separator: "\n"), "cut at line ends only: every line whole")

        let long = String(repeating: "e\u{301}", count: 1_000) + String(repeating: "👩‍💻", count: 100) + "x"
        let cut = try #require(try parse("```\nfirst\n" + long + "\nlast\n```\n").first).codePieces(bytes: 1_000)
        #expect(cut.first == "first")
        #expect(cut.dropFirst().joined() == long + "\nlast", "the long line in pieces, no character cut, the next line after it")
        #expect(cut.allSatisfy { $0.utf8.count <= 1_000 })
        #expect(cut.dropFirst().allSatisfy { $0.first != "\u{301}" && !$0.unicodeScalars.first!.properties.isGraphemeExtend }, "an accent stays on its letter")

        #expect(try parse("```\nshort\n```\n").first?.codePieces() == ["short"])
        #expect(try parse("Not code.\n").first?.codePieces() == [])
    }

    @Test func pangoMarkupCharactersAreJustText() throws {
        let blocks = try parse("<span foreground=\"red\">x</span> &lt;i&gt; a < b & c > d\n")
        guard case .paragraph(let runs) = blocks.first?.content else { Issue.record("no paragraph"); return }
        #expect(runs.map(\.text).joined() == "x <i> a < b & c > d")
    }

    @Test func hostileInputIsCutWithAVisibleMark() throws {
        var limits = MarkdownLimits()
        limits.tableRows = 3
        limits.blocks = 10
        limits.codeBytes = 10
        let table = "| a |\n|---|\n" + (1...8).map { "| \($0) |\n" }.joined()
        let blocks = try parse(table + "\n```\n0123456789abcdef\n```\n", limits: limits)
        guard case .table(let cut) = blocks[0].content else { Issue.record("no table"); return }
        #expect(cut.rows.count == 4, "the header and three rows")
        #expect(blocks[1].content == .notice("5 more rows on GitHub"))
        #expect(blocks[2].content == .code(language: "", text: "0123456789"))
        #expect(blocks[3].content == .notice("The rest of this code is too long to show here; read it on GitHub."))

        let many = try parse((1...30).map { "p\($0)" }.joined(separator: "\n\n"), limits: limits)
        #expect(many.count == 11 && many.last?.content == .notice("The rest of this document is too long to show here; read it on GitHub."))
    }

    @Test func deepNestingParsesWithoutRecursionAndIsShownAtTheDepthLimit() throws {
        let deep = String(repeating: ">", count: 100_000) + " deep\n"
        let blocks = try parse(deep)
        #expect(blocks.count == 1 && blocks[0].quoteDepth == MarkdownLimits.readme.depth)
        #expect(blocks[0].content == .paragraph([MarkdownRun("deep")]))
        let lists = (0..<50).map { String(repeating: "  ", count: $0) + "- l\($0)" }.joined(separator: "\n")
        #expect(try parse(lists).map(\.listDepth).max() == MarkdownLimits.readme.depth)
    }

    @Test func aHugeDocumentIsCutAtALineEnd() throws {
        var limits = MarkdownLimits()
        limits.bytes = 1000
        let text = (1...200).map { "line \($0) é" }.joined(separator: "\n\n")
        let blocks = try parse(text, limits: limits)
        #expect(blocks.last?.content == .notice("The rest of this document is too long to show here; read it on GitHub."))
        let texts = blocks.dropLast().compactMap { if case .paragraph(let runs) = $0.content { runs.map(\.text).joined() } else { nil } }
        #expect(texts.allSatisfy { $0.hasSuffix(" é") }, "no line is cut in its middle")
        #expect(texts.count > 50 && texts.count < 200)
    }

    @Test func bareAddressesBecomeLinksWithoutTheirTrailingPunctuation() throws {
        let blocks = try parse("See https://example.com/a_(b). Or (www.example.org/x), http://x.example/y?z=1! And `https://code.example` or xwww.no or www. alone.\n")
        guard case .paragraph(let runs) = blocks.first?.content else { Issue.record("no paragraph"); return }
        #expect(runs.filter { $0.link != nil }.map { "\($0.text) → \($0.link!)" } == [
            "https://example.com/a_(b) → web(https://example.com/a_(b))",
            "www.example.org/x → web(https://www.example.org/x)",
            "http://x.example/y?z=1 → web(http://x.example/y?z=1)",
        ])
        #expect(runs.map(\.text).joined() == "See https://example.com/a_(b). Or (www.example.org/x), http://x.example/y?z=1! And https://code.example or xwww.no or www. alone.")
    }

    @Test func randomMarkdownHTMLAndAddressesNeverBreakTheParse() throws {
        // Deterministic noise made of what addresses, Markdown and HTML are made of.
        let pieces = ["https://", "http://", "www.", ".", "(", ")", "[", "]", "<", ">", "`", "*", "_", "~", " ", "\n", "a", "é", "😀", "#", "|", "-", "!", "?", ":", "/",
                      "<a href=\"", "<img src=", "<details>", "<summary>", "</", "<script>", "<p align=center>", "&amp;", "&#", "\"", "'", "> ", "1. ", "- [x] ", "    ", "```"]
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<300 {
            var text = ""
            for _ in 0..<40 {
                seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                text += pieces[Int(seed >> 33) % pieces.count]
            }
            let blocks = try parse(text)
            let links = blocks.flatMap(\.runs).compactMap(\.link)
            for case .web(let url) in links { #expect(url.scheme == "http" || url.scheme == "https", "\(text)") }
        }
    }

    @Test func inputsThatTakeCmarkGfmMinutesAreRefusedInTime() throws {
        // Debian 12's cmark-gfm is quadratic or worse on these (CVE-2023-22486 and the like):
        // 256 KB of `![[]()` took it 21 s and 64 KB of `- - - …` 25 s in a direct test.
        var limits = MarkdownLimits()
        limits.parseMilliseconds = 500
        for hostile in [String(repeating: "![[]()", count: 43_690), String(repeating: "- ", count: 16_384) + String(repeating: "a\n", count: 16_384)] {
            let started = ContinuousClock.now
            #expect(throws: MarkdownParser.Failure(reason: "This document is too complex to show here; read it on GitHub.")) {
                try parse(hostile, limits: limits)
            }
            #expect(ContinuousClock.now - started < .seconds(3), "the parse was stopped, not waited for")
        }
        #expect(try parse("# Still fine\n", limits: limits).count == 1, "the next document parses")
    }

    @Test func invalidUTF8AndNULsDoNotBreakTheParse() throws {
        let bytes: [UInt8] = Array("ok ".utf8) + [0xff, 0xfe] + Array(" mid".utf8) + [0] + Array(" end".utf8)
        let text = String(decoding: bytes, as: UTF8.self)
        let blocks = try parse(text)
        #expect(blocks.count == 1)
        #expect(blocks.first?.runs.map(\.text).joined().hasSuffix(" end") == true, "a NUL does not end the document")
    }

    /// Found by review: raw HTML that drops text (`<style>`, `<svg>`) must not drop the containers
    /// around it, nor run over the rest of the README; and long runs of what looks like the start
    /// of an address or a tag are read in one pass.
    @Test func reviewFindingsOnHostileRawHTMLAndAddresses() throws {
        for text in ["a <style> b\n\n> <div>\n\nafter\n", "x <svg>\n\n- <div>\n\nafter\n", "![a <script>](x.png)\n\nafter\n"] {
            let blocks = try parse(text)
            #expect(blocks.last?.runs.map(\.text).joined() == "after", "\(text)")
        }
        let unclosed = try parse("<b>bold <a href=\"https://example.com/\">link\n\nplain\n")
        #expect(unclosed.last?.runs == [MarkdownRun("plain")], "an unclosed <b> and <a> end with their paragraph")

        let hostile = [
            "https://a" + String(repeating: ")", count: 200_000) + "\n", String(repeating: "xwww.", count: 60_000) + "\n",
            "<div " + String(repeating: "<a ", count: 100_000) + "\n", String(repeating: "<b>", count: 50_000) + String(repeating: "x<br>", count: 20_000) + "\n",
        ]
        for text in hostile {
            let started = ContinuousClock.now
            _ = try? parse(text)
            #expect(ContinuousClock.now - started < .seconds(3), "linear, not quadratic: \(text.prefix(12))")
        }
    }
}
