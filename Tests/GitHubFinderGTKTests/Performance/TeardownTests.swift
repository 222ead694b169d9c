import CGtk
import XCTest
@testable import GitHubFinderGTK

/// Widget trees retired (`Teardown`) leave the window at once and go a slice at a time: a
/// README's 500-row table (1,500 labels) removed in one go held the window 80-130 ms.
final class TeardownTests: XCTestCase, @unchecked Sendable {
    /// A table as a README part is built: a box holding a scrolled window around a grid of
    /// `rows` x 3 labels, and an expander (a `<details>`) holding a box of labels.
    @MainActor
    private func table(rows: Int) -> (part: Box, cell: UnsafeMutablePointer<GtkWidget>) {
        let grid = Grid(rowSpacing: 6, columnSpacing: 18, classes: [])
        for row in 0..<rows {
            for column in 0..<3 { grid.attach(Label("cell \(row) \(column)"), column: column, row: row) }
        }
        let part = Box(.vertical)
        part.append(ScrolledWindow(sideways: grid))
        let details = Box(.vertical)
        for line in 0..<20 { details.append(Label("detail \(line)")) }
        part.append(Expander(label: Label("More"), child: details))
        return (part, gtk_grid_get_child_at(grid.cast(), 0, 0)!)
    }

    @MainActor
    private func descendants(of widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        var count = 0
        var child = gtk_widget_get_first_child(widget)
        while let current = child {
            count += 1 + descendants(of: current)
            child = gtk_widget_get_next_sibling(current)
        }
        return count
    }

    /// Whether `object` was freed, by a weak pointer GLib clears when it is.
    @MainActor
    private func watchFreed(_ object: UnsafeMutablePointer<GtkWidget>) -> () -> Bool {
        let location = UnsafeMutablePointer<gpointer?>.allocate(capacity: 1)
        location.initialize(to: UnsafeMutableRawPointer(object))
        g_object_add_weak_pointer(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GObject.self), location)
        return { location.pointee == nil }
    }

    func testARetiredPartIsHiddenAtOnceAndRemovedASliceAtATime() {
        MainActor.assumeIsolated {
            gtk_init()
            let window = Window(gtk_window_new())
            let column = Box(.vertical)
            window.setChild(ScrolledWindow(column))
            window.present()
            let (part, cell) = table(rows: 500)
            column.append(part)
            let after = Label("after")
            column.append(after)
            MainLoop.run(for: 0.3)
            let widgets = descendants(of: part.pointer)
            XCTAssertGreaterThan(widgets, 1_500)
            let freed = watchFreed(cell)

            Teardown.retireChildren(of: column)
            XCTAssertFalse(part.isVisible, "hidden at once: the reader sees it go in this turn")
            XCTAssertFalse(after.isVisible)
            // A turn of the main loop removes a slice (a few milliseconds' worth), not all of it.
            // (How long a turn takes is `make bench`'s to measure: readme.appearing.*.)
            var turns = 0
            var removingTurns = 0
            var left = widgets
            while Teardown.pending > 0, turns < 10_000 {
                if g_main_context_iteration(nil, 0) == 0 { usleep(1_000) }
                turns += 1
                let now = gtk_widget_get_parent(part.pointer) == nil ? 0 : descendants(of: part.pointer)
                if now < left { removingTurns += 1 }
                left = now
            }
            XCTAssertEqual(Teardown.pending, 0, "everything retired was removed")
            XCTAssertNil(gtk_widget_get_first_child(column.pointer), "the column is empty")
            XCTAssertTrue(freed(), "the table's cells are freed")
            XCTAssertGreaterThanOrEqual(removingTurns, 2, "removed over \(removingTurns) turns of the main loop")
            window.destroy()
        }
    }

    func testARetiredPageLeavesItsNameToTheNextAndTheStack() {
        MainActor.assumeIsolated {
            gtk_init()
            let window = Window(gtk_window_new())
            let stack = Stack(gtk_stack_new())
            window.setChild(stack)
            window.present()
            let old = table(rows: 300)
            stack.addNamed(old.part, "detail")
            stack.showChild("detail")
            MainLoop.run(for: 0.2)
            let freed = watchFreed(old.part.pointer)

            Teardown.retirePage("detail", of: stack)
            let next = Label("the next detail")
            stack.addNamed(next, "detail")
            stack.showChild("detail")
            XCTAssertEqual(stack.visibleChildName, "detail")
            XCTAssertEqual(gtk_stack_get_visible_child(stack.opaque), next.pointer, "the new page is the one shown")
            XCTAssertFalse(old.part.isVisibleOnScreen, "the old page is off screen at once")
            XCTAssertTrue(MainLoop.run(until: { Teardown.pending == 0 }), "the old page was taken apart")
            XCTAssertNil(gtk_widget_get_parent(old.part.pointer), "and removed from the stack")
            XCTAssertEqual(gtk_widget_get_parent(next.pointer), stack.pointer)
            XCTAssertFalse(freed(), "our wrapper still holds the old page")
            window.destroy()
        }
    }
}
