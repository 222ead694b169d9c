import CGtk
import CGtkSupport

/// Widget trees taken apart a slice a main-loop turn, then removed. GTK 4.8 removes a subtree in
/// one go, every widget in it unrealized and freed: a repository detail whose README held a
/// 500-row table (1,500 labels) took 80-130 ms to replace, a stall the window felt (DESIGN §6:
/// none over 50 ms). Retired, the old page is only hidden at once (~3 ms for the same tree);
/// the rest goes when idle, `sliceMilliseconds` a turn.
@MainActor
enum Teardown {
    private struct Retiree {
        let widget: ObjectRef
        let remove: @MainActor () -> Void
    }

    private static var queue: [Retiree] = []
    private static var work: UInt32 = 0

    /// Takes `widget` (off screen already: hidden, or a stack page not shown) apart when idle,
    /// then calls `remove`, which takes what is left of it out of its parent.
    static func retire(_ widget: UnsafeMutablePointer<GtkWidget>, remove: @escaping @MainActor () -> Void) {
        guard !isRetired(widget) else { return }
        g_object_set_data(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), retiredKey, UnsafeMutableRawPointer(widget))
        queue.append(Retiree(widget: ObjectRef(sinking: UnsafeMutableRawPointer(widget)), remove: remove))
        schedule()
    }

    /// Hides every child of `box` at once and removes them a slice at a time: a README's part can
    /// be a table of 1,500 labels. New children can be added meanwhile.
    static func retireChildren(of box: Box) {
        var child = gtk_widget_get_first_child(box.pointer)
        while let current = child {
            child = gtk_widget_get_next_sibling(current)
            guard !isRetired(current) else { continue }
            gtk_widget_set_visible(current, 0)
            retire(current) {
                if gtk_widget_get_parent(current) == box.pointer { gtk_box_remove(box.cast(), current) }
            }
        }
    }

    /// Renames the page `name` of `stack` at once (a new page can take its name) and takes it
    /// out a slice at a time: a repository's detail with its README can be thousands of widgets.
    /// Another page must be shown before this turn of the main loop ends.
    static func retirePage(_ name: String, of stack: Stack) {
        guard let page = gtk_stack_get_child_by_name(stack.opaque, name) else { return }
        retiredPages += 1
        gtk_stack_page_set_name(gtk_stack_get_page(stack.opaque, page), "retired-\(retiredPages)")
        retire(page) {
            if gtk_widget_get_parent(page) == stack.pointer { gtk_stack_remove(stack.opaque, page) }
        }
    }

    private static var retiredPages = 0

    /// Whether `widget` was retired (it may still be in its parent, hidden).
    static func isRetired(_ widget: UnsafeMutablePointer<GtkWidget>) -> Bool {
        g_object_get_data(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), retiredKey) != nil
    }

    private static let retiredKey = "ghf-retired"

    /// Widgets waiting to be taken apart (for tests).
    static var pending: Int { queue.count }

    private static func schedule() {
        guard work == 0, !queue.isEmpty else { return }
        work = Timeout.idle {
            work = 0
            slice()
        }
    }

    private static func slice() {
        let deadline = ContinuousClock.now + .milliseconds(sliceMilliseconds)
        while let retiree = queue.first, ContinuousClock.now < deadline {
            let pointer = retiree.widget.pointer.assumingMemoryBound(to: GtkWidget.self)
            if ghf_dismantle_some(pointer, widgetsAtOnce) == 0 {
                queue.removeFirst()
                retiree.remove()
            }
        }
        schedule()
    }

    /// GTK takes some 50 µs to remove a widget (a label with its accessible object).
    private static var widgetsAtOnce: Int32 { 40 }
    private static var sliceMilliseconds: Int { 4 }
}
