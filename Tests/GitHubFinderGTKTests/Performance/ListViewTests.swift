import CGtk
import XCTest
@testable import GitHubFinderGTK

/// `ListView` in a real window: whatever the keys do (shrink below, grow past the ~200 list
/// items GTK keeps, change in place), once idle every row GTK has shows the key at its
/// position, rows on screen show it at once, and the selection follows its key.
final class ListViewTests: XCTestCase, @unchecked Sendable {
    @MainActor
    final class Row {
        let label = Label()
        var key: Int64?
    }

    /// What the rows show besides their key, and how many times a row was filled.
    @MainActor
    final class Content {
        var edition = ""
        var fills = 0
    }

    @MainActor
    private func makeList(_ content: Content = Content()) -> (ListView<Row>, Window) {
        gtk_init()
        let list = ListView<Row>(makeRow: Row.init) { $0.label }
        list.onBind = { row, key, _ in
            content.fills += 1
            row.key = key
            row.label.setText("row \(key)\(content.edition)")
        }
        let window = Window(gtk_window_new())
        gtk_window_set_default_size(window.cast(), 400, 600)
        window.setChild(ScrolledWindow(list.widget))
        window.present()
        return (list, window)
    }

    /// Every bound row shows its own key, and the rows GTK maps (on screen) are among them.
    @MainActor
    private func assertRowsShow(_ list: ListView<Row>, _ keys: [Int64], file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(list.model.keys, keys, file: file, line: line)
        for (key, row) in list.boundRows {
            XCTAssertEqual(row.key, key, file: file, line: line)
            XCTAssertEqual(row.label.text, "row \(key)", file: file, line: line)
            XCTAssertTrue(keys.contains(key), "row \(key) is not in the list", file: file, line: line)
        }
        let onScreen = list.boundRows.values.filter { $0.label.isVisibleOnScreen }.compactMap(\.key)
        XCTAssertFalse(keys.isEmpty == false && onScreen.isEmpty, "nothing on screen", file: file, line: line)
    }

    /// Keys 1…5,000 shown, and the list settled.
    @MainActor
    private func showFiveThousand(_ list: ListView<Row>) -> [Int64] {
        let all = (1...5_000).map(Int64.init)
        list.update(all)
        XCTAssertTrue(MainLoop.run(until: { list.boundRows.count > 20 }))
        MainLoop.run(for: 0.3)
        return all
    }

    func testRowsFollowTheKeysThroughShrinkingAndGrowing() {
        MainActor.assumeIsolated {
            let (list, window) = makeList()
            defer { window.destroy() }
            let all = showFiveThousand(list)
            assertRowsShow(list, all)
            let firstOnScreen = list.boundRows[1]
            XCTAssertNotNil(firstOnScreen, "the first row is bound")

            // Shrink below what GTK keeps: the first rows are filled at once, before any idle.
            let few = [Int64(7), 9, 4_000]
            list.update(few)
            XCTAssertEqual(list.boundRows[7]?.label.text, "row 7")
            XCTAssertEqual(list.boundRows[4_000]?.label.text, "row 4000")
            MainLoop.run(for: 0.2)
            assertRowsShow(list, few)
            XCTAssertEqual(Set(list.boundRows.keys), Set(few), "only the three rows are left once idle")

            // Grow past it again, and change in place.
            list.update(all.reversed())
            XCTAssertEqual(list.boundRows[5_000]?.label.text, "row 5000", "the new first row is filled at once")
            MainLoop.run(for: 0.2)
            assertRowsShow(list, all.reversed())
            XCTAssertGreaterThan(list.boundRows.count, 20)

            list.update([])
            MainLoop.run(for: 0.2)
            XCTAssertTrue(list.boundRows.isEmpty)
        }
    }

    /// Rows far below the screen wait for a scroll instead of being filled (and measured by
    /// GTK) after every change; a scroll fills the rows it brings into view before they are drawn.
    func testRowsFarFromTheScreenAreFilledWhenAScrollBringsThemNear() {
        MainActor.assumeIsolated {
            let (list, window) = makeList()
            defer { window.destroy() }
            let all = showFiveThousand(list)
            let reversed = Array(all.reversed())
            list.update(reversed)
            MainLoop.run(for: 0.3)
            assertRowsShow(list, reversed)
            let filled = list.boundRows.count
            XCTAssertLessThan(filled, list.rowsMade.all - list.rowsMade.pooled, "rows far below the screen wait")
            XCTAssertTrue(list.boundRows.values.contains { $0.label.isVisibleOnScreen }, "the rows on screen show their keys")

            let adjustment = gtk_scrollable_get_vadjustment(list.widget.opaque)
            let rowHeight = gtk_adjustment_get_upper(adjustment) / Double(all.count)
            gtk_adjustment_set_value(adjustment, rowHeight * 120)
            // Before any frame: the rows the scroll brings into view show their keys.
            let page = gtk_adjustment_get_page_size(adjustment)
            let shown = Int(120)...Int((rowHeight * 120 + page) / rowHeight)
            XCTAssertGreaterThan(shown.count, 5)
            for position in shown {
                let key = reversed[position]
                XCTAssertEqual(list.boundRows[key]?.label.text, "row \(key)", "the row at \(position) came into view filled")
            }
            MainLoop.run(for: 0.3)
            assertRowsShow(list, reversed)
        }
    }

    func testTheSelectionFollowsItsKey() {
        MainActor.assumeIsolated {
            let (list, window) = makeList()
            defer { window.destroy() }
            list.update([10, 20, 30, 40])
            MainLoop.run(for: 0.2)
            list.select(position: 2)
            XCTAssertEqual(list.selectedKey, 30)
            list.update([5, 30, 40])
            XCTAssertEqual(list.selectedKey, 30, "the selection moved with its row")
            list.update([5, 40])
            XCTAssertNil(list.selectedKey, "its row is gone: nothing is selected")
        }
    }

    /// GTK 4.8 binds again every row between the old and the new selection (a PageDown): rows
    /// that already show their key are not filled again. Content changed by `rebind` still
    /// reaches every row, those on screen at once, and GTK binding them again does not undo it.
    func testMovingTheSelectionDoesNotFillRowsAgainButNewContentReachesThem() {
        MainActor.assumeIsolated {
            let content = Content()
            let (list, window) = makeList(content)
            defer { window.destroy() }
            let all = showFiveThousand(list)
            list.select(position: 0)
            MainLoop.run(for: 0.1)
            let fills = content.fills
            list.select(position: 12)
            list.select(position: 3)
            MainLoop.run(for: 0.2)
            XCTAssertEqual(list.selectedKey, 4)
            XCTAssertEqual(content.fills, fills, "moving the selection filled rows that already showed their keys")
            assertRowsShow(list, all)

            content.edition = " (starred)"
            list.rebind()
            for position in 0..<10 {
                let key = all[position]
                XCTAssertEqual(list.boundRows[key]?.label.text, "row \(key) (starred)", "the row at \(position) shows the change at once")
            }
            list.select(position: 20)
            list.select(position: 1)
            MainLoop.run(for: 0.3)
            // Rows far below wait for a scroll; those near the screen are filled when idle.
            let stillOld = all[0..<40].filter { list.boundRows[$0]?.label.text != "row \($0) (starred)" }
            XCTAssertEqual(stillOld, [], "rows bound again by GTK or filled when idle show the change")
        }
    }
}
