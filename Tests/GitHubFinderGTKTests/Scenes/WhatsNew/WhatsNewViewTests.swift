import CGtk
import Foundation
import GitHubFinderCore
import GitHubFixtureServer
import XCTest
@testable import GitHubFinderGTK

/// The What's New tab and a detail's bell in the real window, against the GitHub double.
final class WhatsNewViewTests: GTKTestCase, @unchecked Sendable {
    @MainActor
    private func starGRDBAndRingItsBell() throws -> RepositoryDetailView {
        let found = try XCTUnwrap(FixtureDataSet.standard.repository(fullName: "groue/GRDB.swift"))
        let grdb = Repository(id: found.id, name: "GRDB.swift", fullName: "groue/GRDB.swift", description: nil, language: nil, stars: 0, forks: 0,
                              isFork: false, isArchived: false, pushedAt: nil, htmlURL: nil)
        window.coordinator?.showRepositoryDetail(for: grdb)
        let detail = try XCTUnwrap(window.repositoryDetailView)
        let bell = try XCTUnwrap(detail.bell)
        waitFor("the detail on screen") { detail.starButton.isVisibleOnScreen }
        XCTAssertFalse(bell.button.isVisible && gtk_widget_get_visible(gtk_widget_get_parent(bell.button.pointer)) != 0, "no bell before it is a favorite")
        gtk_widget_activate(detail.starButton.pointer)
        waitFor("the bell, once a favorite") { gtk_widget_get_visible(gtk_widget_get_parent(bell.button.pointer)) != 0 }
        XCTAssertFalse(bell.button.isActive, "off by default")
        bell.button.setActive(true)
        waitFor("the bell on") { detail.bell?.button.isActive == true }
        return detail
    }

    func testANewReleaseOfAFavoriteIsARowUnderTodayAndOpeningItShowsThatRelease() throws {
        try MainActor.assumeIsolated {
            let detail = try starGRDBAndRingItsBell()
            // Off again: the test's session bus has no notification service to send to (the
            // end-to-end run has one), and GLib warns when a notification cannot be sent.
            detail.bell?.button.setActive(false)
            waitFor("the bell off") { detail.bell?.button.isActive == false }
            window.show(tab: .whatsNew)
            XCTAssertTrue(window.whatsNewTabButton.isActive)
            let view = try XCTUnwrap(window.whatsNewView)
            window.coordinator?.perform(.refresh)
            waitFor("the first check", timeout: 20) { view.roundsCompleted == 1 }
            waitFor("the state page 'Nothing New'") { view.visibleStateTitle == "Nothing New" }

            try server.publishRelease(of: "groue/GRDB.swift", tag: "7.11.0", name: "GRDB.swift 7.11.0", body: "* Faster joins\n")
            window.coordinator?.perform(.refresh)
            waitFor("the second check", timeout: 20) { view.roundsCompleted == 2 }
            waitFor("the list") { view.visibleStateTitle == nil && view.list.model.keys.count == 2 }
            waitFor("the rows bound") { view.list.boundRows.count == 2 }
            let header = try XCTUnwrap(view.list.boundRows.values.first { $0.header.isVisible })
            XCTAssertEqual(header.header.text, "Today")
            let row = try XCTUnwrap(view.list.boundRows.values.first { !$0.header.isVisible })
            XCTAssertEqual(row.entry.heading.text, "groue/GRDB.swift 7.11.0")
            XCTAssertTrue(row.entry.meta.text.hasPrefix("New release · Published"))
            XCTAssertTrue(row.entry.unread.isVisible, "unread until opened")

            let entryID = try XCTUnwrap(row.entry.shownID)
            window.coordinator?.openNews(entryID: entryID)
            waitFor("the repository's detail") { window.repositoryDetailView?.starButton.isVisibleOnScreen == true }
            XCTAssertEqual(window.repositoryDetailView?.viewModel.readme?.releaseSectionName, "Release", "that release, not the latest")
            waitFor("the entry read") { view.list.boundRows.values.contains { !$0.header.isVisible && !$0.entry.unread.isVisible } }
        }
    }

    func testWithNoFavoritesTheTabSaysSo() throws {
        try MainActor.assumeIsolated {
            window.show(tab: .whatsNew)
            let view = try XCTUnwrap(window.whatsNewView)
            waitFor("the state page 'Nothing to Follow Yet'") { view.visibleStateTitle == "Nothing to Follow Yet" }
        }
    }

    /// What's New of a server switched to starts after the window's next frame: the window is
    /// on screen already (its first frame long painted), and that work must still run.
    func testWorkAfterTheFirstFrameRunsForAWindowAlreadyOnScreen() throws {
        try MainActor.assumeIsolated {
            waitFor("the window on screen") { gtk_widget_get_mapped(window.window.pointer) != 0 }
            var ran = 0
            let frame = FirstFrame(of: window.window) { ran += 1 }
            waitFor("after its next frame") { ran == 1 }
            XCTAssertTrue(MainLoop.run(until: { false }, timeout: 0.3) == false && ran == 1, "once")
            withExtendedLifetime(frame) {}
        }
    }
}
