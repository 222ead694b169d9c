import CGtk
import CGtkSupport

/// The keys of a list's rows, over a `GhfSlotList`: GTK is told only how many rows there are,
/// and `ListView` re-fills the rows it has on screen. A filter over 100,000 favorites is then one
/// array swap and a few dozen label updates, with no row widget destroyed or created.
@MainActor
final class KeyList {
    let ref: ObjectRef
    private(set) var keys: [Int64] = []

    init() {
        ref = ObjectRef(adopting: UnsafeMutableRawPointer(ghf_slot_list_new()))
    }

    var opaque: OpaquePointer { OpaquePointer(ref.pointer) }

    /// How many rows GTK has now: `keys.count`, or for a moment (see `ListView.update`) the
    /// number it had, while the rows it would destroy or create off screen wait for idle.
    private(set) var count = 0

    /// Replaces the keys; false when they are the same. GTK learns of it with `setCount`.
    func setKeys(_ new: [Int64]) -> Bool {
        guard new != keys else { return false }
        keys = new
        return true
    }

    /// Tells GTK how many rows there are; it binds rows it adds right here, reading `keys`.
    func setCount(_ count: Int) {
        guard count != self.count else { return }
        self.count = count
        ghf_slot_list_set_count(opaque, guint(count))
    }

    func key(at position: UInt32) -> Int64? {
        Int(position) < keys.count ? keys[Int(position)] : nil
    }

    func position(of key: Int64) -> Int? { keys.firstIndex(of: key) }
}

/// One row of a `GtkListView`, recycled as the list scrolls.
@MainActor
struct ListItem {
    let pointer: UnsafeMutableRawPointer
    var opaque: OpaquePointer { OpaquePointer(pointer) }

    var position: UInt32 { gtk_list_item_get_position(opaque) }

    func setChild(_ widget: Widget?) { gtk_list_item_set_child(opaque, widget?.pointer) }
    func setSelectable(_ selectable: Bool) { gtk_list_item_set_selectable(opaque, selectable ? 1 : 0) }
    func setActivatable(_ activatable: Bool) { gtk_list_item_set_activatable(opaque, activatable ? 1 : 0) }
}
