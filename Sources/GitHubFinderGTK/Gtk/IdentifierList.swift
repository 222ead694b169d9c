import CGtk

/// A `GtkStringList` of stable row identifiers. `update` splices only the part that changed
/// (common prefix and suffix kept), so lists keep their scroll position and selection.
@MainActor
final class IdentifierList {
    let ref: ObjectRef
    private(set) var identifiers: [String] = []

    init() {
        ref = ObjectRef(adopting: UnsafeMutableRawPointer(gtk_string_list_new(nil)))
    }

    var opaque: OpaquePointer { OpaquePointer(ref.pointer) }

    func update(_ new: [String]) {
        guard new != identifiers else { return }
        let old = identifiers
        var prefix = 0
        let shortest = min(old.count, new.count)
        while prefix < shortest && old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shortest - prefix && old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        let removed = old.count - prefix - suffix
        let added = Array(new[prefix..<(new.count - suffix)])
        identifiers = new
        withCStrings(added) { strings in
            gtk_string_list_splice(opaque, guint(prefix), guint(removed), strings)
        }
    }

    func identifier(at position: UInt32) -> String? {
        Int(position) < identifiers.count ? identifiers[Int(position)] : nil
    }

    /// A NULL-terminated `const char * const *` for the duration of `body`.
    private func withCStrings(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> Void) {
        var pointers: [UnsafeMutablePointer<CChar>?] = strings.map { strdup($0) }
        pointers.append(nil)
        pointers.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) { body($0) }
        }
        pointers.forEach { free($0) }
    }
}

/// One row slot of a `GtkListView`, recycled as the list scrolls.
@MainActor
struct ListItem {
    let pointer: UnsafeMutableRawPointer
    var opaque: OpaquePointer { OpaquePointer(pointer) }

    /// The identifier this slot shows now.
    var identifier: String? {
        guard let item = gtk_list_item_get_item(opaque) else { return nil }
        return gtk_string_object_get_string(OpaquePointer(item)).map { String(cString: $0) }
    }

    func setChild(_ widget: Widget) { gtk_list_item_set_child(opaque, widget.pointer) }
    func setSelectable(_ selectable: Bool) { gtk_list_item_set_selectable(opaque, selectable ? 1 : 0) }
    func setActivatable(_ activatable: Bool) { gtk_list_item_set_activatable(opaque, activatable ? 1 : 0) }
}

/// A `GtkListView` over an `IdentifierList`: rows are made once per slot (`makeRow`) and bound
/// to an identifier as they scroll into view (`bind`). Bound rows are tracked so a state
/// change can refresh just the visible ones.
@MainActor
final class ListView<Row: AnyObject> {
    let widget: Widget
    let model = IdentifierList()
    private var rows: [UnsafeMutableRawPointer: Row] = [:]
    private(set) var boundRows: [String: Row] = [:]
    private let selection: OpaquePointer

    /// Fills a row for the identifier its slot shows now (set by the owning view).
    var onBind: (@MainActor (Row, String, ListItem) -> Void)?

    init(makeRow: @escaping @MainActor (ListItem) -> Row) {
        let factory = gtk_signal_list_item_factory_new()!
        let factoryRaw = UnsafeMutableRawPointer(factory)
        selection = gtk_single_selection_new(OpaquePointer(g_object_ref(model.ref.pointer)))
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        widget = Widget(gtk_list_view_new(selection, factory))
        widget.setExpand(vertical: true)
        Signals.onPointer(factoryRaw, "setup") { [weak self] pointer in
            let item = ListItem(pointer: pointer)
            self?.rows[pointer] = makeRow(item)
        }
        Signals.onPointer(factoryRaw, "bind") { [weak self] pointer in
            let item = ListItem(pointer: pointer)
            guard let self, let row = rows[pointer], let identifier = item.identifier else { return }
            boundRows[identifier] = row
            onBind?(row, identifier, item)
        }
        Signals.onPointer(factoryRaw, "unbind") { [weak self] pointer in
            guard let self, let identifier = ListItem(pointer: pointer).identifier else { return }
            if let row = rows[pointer], boundRows[identifier] === row { boundRows[identifier] = nil }
        }
        Signals.onPointer(factoryRaw, "teardown") { [weak self] pointer in
            self?.rows[pointer] = nil
        }
    }

    /// Enter or a click on a row (single-click activation, as in GNOME sidebars).
    func onActivate(_ action: @escaping @MainActor (String) -> Void) {
        gtk_list_view_set_single_click_activate(widget.opaque, 1)
        Signals.onIndex(widget.raw, "activate") { [weak self] position in
            if let identifier = self?.model.identifier(at: position) { action(identifier) }
        }
    }

    func update(_ identifiers: [String]) { model.update(identifiers) }
}
