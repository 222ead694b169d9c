import CGtk
import CGtkSupport
import Foundation
import GitHubFinderCore
import XCTest
@testable import GitHubFinderGTK

/// A README as GTK widgets, in a real window: what a reader sees and what a screen reader is
/// told, links that go only where `ReadmeLinks` judged they may, and a long document built a
/// slice at a time.
final class MarkdownViewTests: XCTestCase, @unchecked Sendable {
    static let links = ReadmeLinks(repositoryPage: URL(string: "https://github.com/groue/GRDB.swift")!, branch: "master")

    /// `markdown` shown in a new view in a window (not a pane it watches), just handed over.
    @MainActor
    private func showing(_ markdown: String) throws -> (MarkdownView, Window) {
        gtk_init()
        let view = MarkdownView()
        let window = Window(gtk_window_new())
        gtk_window_set_default_size(window.cast(), 600, 800)
        window.setChild(ScrolledWindow(view.root))
        window.present()
        view.show(try MarkdownParser.parse(markdown, links: Self.links))
        return (view, window)
    }

    @MainActor
    private func shown(_ markdown: String) throws -> (MarkdownView, Window) {
        let (view, window) = try showing(markdown)
        XCTAssertTrue(MainLoop.run(until: { view.isBuilt }), "the document was never built")
        MainLoop.run(for: 0.1)
        return (view, window)
    }

    /// Every widget under `root`, depth first.
    @MainActor
    private func widgets(under root: UnsafeMutablePointer<GtkWidget>) -> [UnsafeMutablePointer<GtkWidget>] {
        var found: [UnsafeMutablePointer<GtkWidget>] = []
        var child = gtk_widget_get_first_child(root)
        while let widget = child {
            found.append(widget)
            found += widgets(under: widget)
            child = gtk_widget_get_next_sibling(widget)
        }
        return found
    }

    @MainActor
    private func labels(of view: MarkdownView, role: GtkAccessibleRole? = nil) -> [UnsafeMutablePointer<GtkWidget>] {
        widgets(under: view.root.pointer).filter { widget in
            g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer(widget)), gtk_label_get_type()) != 0
                && role.map { gtk_accessible_get_accessible_role(OpaquePointer(widget)) == $0 } ?? true
        }
    }

    @MainActor
    private func text(_ label: UnsafeMutablePointer<GtkWidget>) -> String { String(cString: gtk_label_get_text(OpaquePointer(label))) }

    /// Emits "activate-link" as a click on the link would; true when the label handled it.
    @MainActor
    private func activate(_ href: String, on label: UnsafeMutablePointer<GtkWidget>) -> Bool {
        ghf_label_activate_link(label, href) != 0
    }

    func testBlocksBecomeWidgetsAReaderAndAScreenReaderUnderstand() throws {
        try MainActor.assumeIsolated {
            let (view, window) = try shown("""
                # GRDB

                A toolkit for **SQLite** <b>not markup</b> & <span foreground="red">neither</span>, see [the guide](Documentation/Guide.md) or [usage](#usage).

                ## Usage

                - one
                - two
                  1. nested

                - [x] done
                - [ ] to do

                > quoted *words*

                ```swift
                let x = 1 < 2
                ```

                | Name | Stars |
                |:-----|------:|
                | GRDB | 7,000 |

                ---
                """)
            defer { window.destroy() }
            let headings = labels(of: view, role: GTK_ACCESSIBLE_ROLE_HEADING).map(text)
            XCTAssertEqual(headings, ["GRDB", "Usage"], "headings have the heading role")
            let texts = view.texts
            XCTAssertTrue(texts.contains("A toolkit for SQLite not markup & neither, see the guide or usage."), "\(texts)")
            for expected in ["one", "two", "nested", "done", "to do", "quoted words", "Name", "Stars", "GRDB", "7,000"] {
                XCTAssertTrue(texts.contains(expected), "no label shows \(expected): \(texts)")
            }
            let plain = labels(of: view).map(text)
            XCTAssertTrue(plain.contains("let x = 1 < 2"), "the code is shown as written")
            XCTAssertEqual(plain.filter { $0 == "•" }.count, 2, "bullets mark the items")
            XCTAssertTrue(plain.contains("1."), "numbers mark an ordered list's items")
            let all = widgets(under: view.root.pointer)
            let checks = all.filter { g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer($0)), gtk_check_button_get_type()) != 0 }
            XCTAssertEqual(checks.map { gtk_check_button_get_active(UnsafeMutableRawPointer($0).assumingMemoryBound(to: GtkCheckButton.self)) != 0 }, [true, false], "task items show their state")
            XCTAssertTrue(checks.allSatisfy { gtk_widget_get_sensitive($0) == 0 }, "a reader cannot tick them")
            let buttons = all.filter { g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer($0)), gtk_button_get_type()) != 0 }
                .filter { gtk_accessible_get_accessible_role(OpaquePointer($0)) == GTK_ACCESSIBLE_ROLE_BUTTON }
            XCTAssertEqual(buttons.count, 1, "one Copy button for the one code block")
            XCTAssertEqual(all.filter { g_type_check_instance_is_a(UnsafeMutablePointer(OpaquePointer($0)), gtk_separator_get_type()) != 0 }.count, 1)

            // Links are widgets with the link role, named by their text: a relative one goes to
            // the repository on GitHub, an anchor to its heading.
            XCTAssertEqual(view.links.map(\.name), ["the guide", "usage"])
            XCTAssertTrue(view.links.allSatisfy { gtk_accessible_get_accessible_role(OpaquePointer($0.widget.pointer)) == GTK_ACCESSIBLE_ROLE_LINK })
            var followed: [MarkdownLink] = []
            view.onLink = { followed.append($0) }
            view.links.forEach { gtk_widget_activate($0.widget.pointer) }
            XCTAssertTrue(MainLoop.run(until: { followed.count == 2 }), "activating a link follows it")
            XCTAssertEqual(followed, [.web(URL(string: "https://github.com/groue/GRDB.swift/blob/master/Documentation/Guide.md")!), .anchor("usage")])
            // A label's own link handler (headings keep links in their text) follows only what the README linked.
            let heading = labels(of: view, role: GTK_ACCESSIBLE_ROLE_HEADING)[0]
            XCTAssertTrue(ghf_label_activate_link(heading, "javascript:alert(1)") != 0, "an address the README did not link opens nothing, not even in GTK")
            XCTAssertEqual(followed.count, 2)
            XCTAssertNotNil(view.heading(for: "usage"))
        }
    }

    func testHostileLinksAreTextAndMarkupCharactersAreShownAsTyped() throws {
        try MainActor.assumeIsolated {
            let (view, window) = try shown("[click](javascript:alert(1)) <script>alert(2)</script> & &amp; <b>x</b> \"quotes\" 'single'\n")
            defer { window.destroy() }
            let texts = labels(of: view).map(text)
            XCTAssertEqual(texts.count, 1, "\(texts)")
            XCTAssertTrue(texts[0].hasPrefix("click"), texts[0])
            XCTAssertTrue(texts[0].contains("& & x \"quotes\" 'single'"), texts[0])
            let markup = String(cString: gtk_label_get_label(OpaquePointer(labels(of: view)[0])))
            XCTAssertFalse(markup.contains("javascript"), "a javascript: link is not a link: \(markup)")
        }
    }

    func testALongTableIsBuiltASliceAtATime() throws {
        try MainActor.assumeIsolated {
            let markdown = "# Table\n\n| # | Name | Value |\n|---:|:---|:---:|\n" + (1...500).map { "| \($0) | row \($0) | \($0 * 7) |" }.joined(separator: "\n") + "\n\nAfter the table.\n"
            let (view, window) = try showing(markdown)
            XCTAssertFalse(view.isBuilt, "1,500 cells are not built in one go")
            XCTAssertLessThan(view.texts.count, 1_500)
            XCTAssertTrue(MainLoop.run(until: { view.isBuilt }))
            XCTAssertEqual(view.texts.count, 1 + 3 * 501 + 1)
            XCTAssertEqual(view.texts.last, "After the table.")
            XCTAssertTrue(view.texts.contains("row 500"))
            // A cell breaks between words only: a bold header "Protocol" was cut into "Protoc-ol".
            let cell = try XCTUnwrap(view.labels.first { $0.text == "Name" })
            XCTAssertEqual(gtk_label_get_wrap_mode(OpaquePointer(cell.pointer)), PANGO_WRAP_WORD)
            let paragraph = try XCTUnwrap(view.labels.first { $0.text == "After the table." })
            XCTAssertEqual(gtk_label_get_wrap_mode(OpaquePointer(paragraph.pointer)), PANGO_WRAP_WORD_CHAR, "a paragraph still breaks a long word")
            window.destroy()
        }
    }

    /// A long code block is shown in pieces, added a slice at a time like a long table's rows;
    /// and a `<details>` holding two tables gets every row of both.
    func testALongCodeBlockAndTwoTablesInADetailsAreBuiltASliceAtATime() throws {
        try MainActor.assumeIsolated {
            let lines = (1...2_000).map { "let value\($0) = \($0) * 7" }
            func table(_ name: String) -> String {
                "| \(name) | n |\n|---|---|\n" + (1...300).map { "| \(name) \($0) | \($0) |" }.joined(separator: "\n") + "\n"
            }
            let markdown = "```swift\n" + lines.joined(separator: "\n") + "\n```\n\n<details><summary>Tables</summary>\n\n"
                + table("first") + "\n" + table("second") + "\n</details>\n"
            let (view, window) = try showing(markdown)
            XCTAssertFalse(view.isBuilt, "2,000 lines of code and 600 rows are not built in one go")
            XCTAssertTrue(MainLoop.run(until: { view.isBuilt }))
            let code = labels(of: view).filter { gtk_widget_has_css_class($0, "monospace") != 0 }.map(text)
            XCTAssertGreaterThan(code.count, 4, "the code is in pieces")
            XCTAssertEqual(code.joined(separator: "\n"), lines.joined(separator: "\n"), "every line, in order")
            XCTAssertTrue(view.texts.contains("first 300") && view.texts.contains("second 300"), "both tables are whole")
            XCTAssertEqual(view.links.count, 0)
            window.destroy()
        }
    }

    /// A long README in a scrolled pane is built around what the pane shows, wherever the
    /// reader is (a few screens' worth, not 1,200 parts); an #anchor brings its heading to the
    /// top of the view, and the parts built above it do not push it down.
    func testALongDocumentInAPaneIsBuiltAroundTheView() throws {
        try MainActor.assumeIsolated {
            gtk_init()
            let markdown = (1...400).map { "## Section \($0)\n\nThe text of section \($0), long enough to wrap onto a second line in a pane this wide, or nearly.\n\n```\nlet section = \($0)\n```\n" }.joined(separator: "\n")
            let view = MarkdownView()
            let window = Window(gtk_window_new())
            gtk_window_set_default_size(window.cast(), 600, 800)
            let pane = ScrolledWindow(view.root)
            window.setChild(pane)
            window.present()
            view.watch(pane)
            let document = try MarkdownParser.parse(markdown, links: Self.links)
            XCTAssertEqual(document.parts.count, 1_200)
            view.show(document)
            @MainActor func settle() {
                MainLoop.run(for: 0.3)
                XCTAssertTrue(MainLoop.run(until: { view.isBuilt }), "what the view shows was never built")
                MainLoop.run(for: 0.2)
            }
            settle()
            XCTAssertTrue(view.texts.contains("Section 1"))
            XCTAssertFalse(view.texts.contains("Section 40"), "a part screens below the view waits")
            XCTAssertLessThan(view.builtParts, 60, "a few screens are built, not the whole document")

            // Down to the end (its height changes as it is built: scrolled there again).
            for _ in 0..<5 {
                pane.verticalPosition = .greatestFiniteMagnitude
                settle()
            }
            XCTAssertTrue(view.texts.contains("Section 400"), "the end is built once the reader is there")
            XCTAssertFalse(view.texts.contains("Section 1"), "the start, far above, is dropped")
            XCTAssertLessThan(view.builtParts, 100)

            XCTAssertTrue(view.scroll(to: "section-200"))
            settle()
            let heading = try XCTUnwrap(view.heading(for: "section-200"))
            XCTAssertTrue(view.texts.contains("Section 200"))
            var bounds = graphene_rect_t()
            XCTAssertTrue(gtk_widget_compute_bounds(heading.pointer, pane.pointer, &bounds) != 0)
            XCTAssertLessThan(abs(bounds.origin.y), 30, "the heading is at the top of the view")
            XCTAssertTrue(view.texts.contains("Section 199"), "the parts just above it are built too")

            // Followed before its slot is made (the README has just come): the view goes there
            // once it is laid out.
            view.show(try MarkdownParser.parse(markdown + "\nThe end.\n", links: Self.links))
            XCTAssertNil(view.heading(for: "section-300"), "its slot is not made yet")
            XCTAssertTrue(view.scroll(to: "section-300"))
            settle()
            settle()
            let end = try XCTUnwrap(view.heading(for: "section-300"))
            XCTAssertTrue(view.texts.contains("Section 300"))
            XCTAssertTrue(gtk_widget_compute_bounds(end.pointer, pane.pointer, &bounds) != 0)
            XCTAssertLessThan(abs(bounds.origin.y), 30, "the heading is at the top of the view")
            window.destroy()
        }
    }

    /// Release notes that say nothing (an empty document) in a pane cost nothing once shown: no
    /// frame is asked for (a slice waiting for the layout of slots that do not exist once had the
    /// window redrawn at 60 frames a second for as long as the detail was open).
    func testAnEmptyDocumentInAPaneAsksForNoFrames() throws {
        try MainActor.assumeIsolated {
            gtk_init()
            let view = MarkdownView()
            let window = Window(gtk_window_new())
            let pane = ScrolledWindow(view.root)
            window.setChild(pane)
            window.present()
            view.watch(pane)
            view.show(MarkdownDocument())
            MainLoop.run(for: 0.5)
            let clock = try XCTUnwrap(gtk_widget_get_frame_clock(view.root.pointer))
            let before = gdk_frame_clock_get_frame_counter(clock)
            MainLoop.run(for: 0.5)
            let frames = gdk_frame_clock_get_frame_counter(clock) - before
            XCTAssertLessThanOrEqual(frames, 2, "\(frames) frames in half a second with nothing to show")
            window.destroy()
        }
    }

    /// A README section and its views are freed with the detail pane (a closure holding its own
    /// view kept every repository's pane, and its builder, alive).
    func testTheSectionIsFreedWithItsPane() throws {
        try MainActor.assumeIsolated {
            gtk_init()
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: URL(string: "http://127.0.0.1:9")!))
            var section: ReadmeSection? = ReadmeSection(viewModel: ReadmeViewModel(api: client, openURL: { _ in }))
            section?.documentView.show(try MarkdownParser.parse("# Title\n\nSee [the guide](docs/guide.md) and ![logo](logo.png).\n", links: Self.links))
            XCTAssertTrue(MainLoop.run(until: { section?.documentView.isBuilt == true }))
            weak var weakSection = section
            weak var weakView = section?.documentView
            section = nil
            XCTAssertNil(weakSection, "the section is freed")
            XCTAssertNil(weakView, "its document view is freed")
        }
    }
}
