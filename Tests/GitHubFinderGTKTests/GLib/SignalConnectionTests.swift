import CGtk
import XCTest
@testable import GitHubFinderGTK

/// The typed layer's ownership: wrappers own their widget, connections disconnect when dropped,
/// and a connection that outlives its object never touches it.
final class SignalConnectionTests: XCTestCase, @unchecked Sendable {
    func testAWrapperSinksTheFloatingReferenceAndOwnsTheWidget() {
        MainActor.assumeIsolated {
            gtk_init()
            let label = Label("owned")
            XCTAssertEqual(g_object_is_floating(label.raw), 0, "the floating reference was sunk")
            let box = Box(.vertical)
            box.append(label)
            gtk_box_remove(box.cast(), label.pointer)
            XCTAssertEqual(label.text, "owned", "removed from its box, the label lives on while wrapped")
        }
    }

    func testDroppingTheConnectionDisconnectsItsHandler() {
        MainActor.assumeIsolated {
            gtk_init()
            let button = ToggleButton(gtk_toggle_button_new())
            var toggles = 0
            var connection: SignalConnection? = button.onToggled { toggles += 1 }
            button.setActive(true)
            XCTAssertEqual(toggles, 1)
            XCTAssertEqual(connection?.isConnected, true)
            connection = nil
            button.setActive(false)
            XCTAssertEqual(toggles, 1, "no handler runs once its connection is dropped")
        }
    }

    func testAConnectionThatOutlivesItsObjectLetsGo() {
        MainActor.assumeIsolated {
            gtk_init()
            var button: ToggleButton? = ToggleButton(gtk_toggle_button_new())
            var connection: SignalConnection? = button?.onToggled {}
            button = nil
            XCTAssertEqual(connection?.isConnected, false, "the button is gone, and its handlers with it")
            connection = nil
        }
    }

    func testBuilderOutletsAreTyped() {
        MainActor.assumeIsolated {
            gtk_init()
            let builder = Builder(definition: "<interface><object class=\"GtkLabel\" id=\"greeting\"><property name=\"label\">Hello</property></object></interface>")
            let label = builder.get("greeting", as: Label.self)
            XCTAssertEqual(label.text, "Hello")
        }
    }
}
