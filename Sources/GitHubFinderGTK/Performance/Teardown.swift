import CGtk
import CGtkSupport

/// Widget trees taken apart a slice a main-loop turn, then removed. GTK 4.8 removes a subtree in
/// one go, every widget in it unrealized and freed: a detail page with a long README's table
/// (1,500 labels) held the window over 50 ms (DESIGN §6). Retired, a tree only leaves the screen
/// at once (hidden, or a stack page faded out); it is taken apart once off screen, when idle,
/// `sliceMilliseconds` a turn.
@MainActor
enum Teardown {
    private struct Retiree {
        let widget: ObjectRef
        let remove: @MainActor () -> Void
        let since = ContinuousClock.now
    }

    private static var queue: [Retiree] = []
    private static var work: UInt32 = 0

    /// Takes `widget` apart once it is off screen (hidden, or a stack page whose transition away
    /// has ended), when idle, then calls `remove`, which takes what is left of it out of its
    /// parent. Meanwhile the pointer goes through it.
    static func retire(_ widget: UnsafeMutablePointer<GtkWidget>, remove: @escaping @MainActor () -> Void) {
        guard !isRetired(widget) else { return }
        g_object_set_data(UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GObject.self), retiredKey, UnsafeMutableRawPointer(widget))
        gtk_widget_set_can_target(widget, 0)
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

    /// The next slice when idle; or, when every retired tree is still on screen (a page fading
    /// out), a look again in a while (never a busy loop).
    private static func schedule(waiting: Bool = false) {
        guard work == 0, !queue.isEmpty else { return }
        let run: @MainActor () -> Void = {
            work = 0
            slice()
        }
        work = waiting ? Timeout.after(milliseconds: waitMilliseconds, run) : Timeout.idle(run)
    }

    private static func slice() {
        let deadline = ContinuousClock.now + .milliseconds(sliceMilliseconds)
        var index = 0
        while index < queue.count, ContinuousClock.now < deadline {
            let retiree = queue[index]
            let pointer = retiree.widget.pointer.assumingMemoryBound(to: GtkWidget.self)
            if gtk_widget_get_mapped(pointer) != 0 {
                // Still drawn (a stack page in its crossfade): wait, up to a second, then hide it.
                guard ContinuousClock.now - retiree.since > .seconds(1) else {
                    index += 1
                    continue
                }
                gtk_widget_set_visible(pointer, 0)
            }
            if ghf_dismantle_some(pointer, widgetsAtOnce) == 0 {
                queue.remove(at: index)
                retiree.remove()
            }
        }
        schedule(waiting: index >= queue.count && !queue.isEmpty)
    }

    /// GTK takes some 50 µs to remove a widget (a label with its accessible object).
    private static var widgetsAtOnce: Int32 { 40 }
    private static var sliceMilliseconds: Int { 4 }
    private static var waitMilliseconds: UInt32 { 100 }
}
