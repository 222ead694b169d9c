import CGtk

/// A `GtkListView` over a `KeyList`, made so that changing 100,000 rows costs what the user sees.
///
/// - Row widgets are made once (`makeRow`) and kept: GTK 4.8 holds about 200 list items, and a
///   row whose list item goes away is pooled for the next one instead of being destroyed.
/// - Each row shows the key at its position (`onBind`): when GTK binds it, and whenever `update`
///   changes the key there. GTK only hears that the number of rows changed.
/// - Rows on screen are filled at once; rows GTK keeps near the screen, and list items GTK would
///   destroy or create off screen, when idle (after the frame is drawn); the rest of GTK's ~200
///   rows when a scroll brings them near.
///
/// The rows filled now are tracked by key (`boundRows`), so a state change can refresh them.
/// A row GTK binds again to the key it already shows (a selection moving over it) is not filled
/// again: what a row shows changes only with its key or with `rebind`.
@MainActor
final class ListView<Row: AnyObject> {
    let widget: Widget
    let model = KeyList()
    private let makeRow: @MainActor () -> Row
    private let rootOf: @MainActor (Row) -> Widget
    /// The row of each list item. A row's widgets are owned by the row (GTK's list item does not
    /// own its child, which may be gone by the time "teardown" runs), so it outlives its item.
    private var rows: [UnsafeMutableRawPointer: Row] = [:]
    /// The key each list item shows now (or will, once filled: see `pending`).
    private var shown: [UnsafeMutableRawPointer: Int64] = [:]
    /// List items whose row still shows an older key: off screen, filled when idle.
    private var pending: Set<UnsafeMutableRawPointer> = []
    /// List items past the last key, blank until GTK drops them when idle.
    private var blank: Set<UnsafeMutableRawPointer> = []
    /// Rows showing their key whose content changed (`rebind`): off screen, bound again when idle.
    private var stale: Set<UnsafeMutableRawPointer> = []
    private var idleWork: UInt32 = 0
    /// Making rows ahead (`prepareRows`).
    private var preparing: UInt32 = 0
    /// During `update`: rows GTK adds past this position are off screen, filled later.
    private var fillNowThrough: Int?
    private var pool: [Row] = []
    /// The key whose content each list item's row was last filled with (`onBind`), while that
    /// content is current: GTK 4.8 unbinds and binds again every row between the old and the new
    /// selection (half the binds of a PageDown), and a row already showing its key is left alone.
    /// Forgotten when the content changes (`rebind`), and when GTK drops the list item.
    private var drawn: [UnsafeMutableRawPointer: Int64] = [:]
    private var scrolling: [SignalConnection] = []
    /// The scroll position last seen (`watchScrolling`).
    private var scrolledTo = 0.0
    private var connections: [SignalConnection] = []
    private(set) var boundRows: [Int64: Row] = [:]
    private let selection: OpaquePointer

    /// Fills a row for the key at its position (set by the owning view).
    var onBind: (@MainActor (Row, Int64, ListItem) -> Void)?

    init(makeRow: @escaping @MainActor () -> Row, root: @escaping @MainActor (Row) -> Widget) {
        self.makeRow = makeRow
        rootOf = root
        let factory = gtk_signal_list_item_factory_new()!
        let factoryRaw = UnsafeMutableRawPointer(factory)
        selection = gtk_single_selection_new(OpaquePointer(g_object_ref(model.ref.pointer)))
        gtk_single_selection_set_autoselect(selection, 0)
        gtk_single_selection_set_can_unselect(selection, 1)
        widget = Widget(gtk_list_view_new(selection, factory))
        widget.setExpand(vertical: true)
        // style.css: rows of a long list show their focus ring without a fade.
        widget.addClass("long-list")
        connections = [
            Signals.onPointer(factoryRaw, "setup") { [weak self] pointer in self?.setUp(pointer) },
            Signals.onPointer(factoryRaw, "bind") { [weak self] pointer in self?.bound(pointer) },
            Signals.onPointer(factoryRaw, "unbind") { [weak self] pointer in self?.forget(pointer) },
            Signals.onPointer(factoryRaw, "teardown") { [weak self] pointer in self?.tearDown(pointer) },
        ]
    }

    isolated deinit {
        Timeout.cancel(idleWork)
        Timeout.cancel(preparing)
    }

    /// Enter or a click on a row (single-click activation, as in GNOME sidebars).
    func onActivate(_ action: @escaping @MainActor (Int64) -> Void) {
        gtk_list_view_set_single_click_activate(widget.opaque, 1)
        connections.append(Signals.onIndex(widget.raw, "activate") { [weak self] position in
            if let key = self?.model.key(at: position) { action(key) }
        })
    }

    /// Shows `keys`. Rows whose key changed are filled again; GTK is told the new number of
    /// rows, except that list items it would destroy or create off screen wait for idle; the
    /// selection follows its key (or is cleared when the key is gone).
    func update(_ keys: [Int64]) {
        let selectedPosition = gtk_single_selection_get_selected(selection)
        let selectedKey = model.key(at: selectedPosition)
        let onScreen = positionsOnScreen()
        guard model.setKeys(keys) else { return }
        let old = model.count
        let itemsEnd = (rows.keys.map { Int(ListItem(pointer: $0).position) }.max() ?? -1) + 1
        // Rows GTK adds at the end may be on screen only if they come right after the last one seen.
        fillNowThrough = onScreen?.upperBound ?? Self.fillFirst
        if keys.count < old {
            model.setCount(max(keys.count, min(old, itemsEnd)))
        } else {
            model.setCount(min(keys.count, max(old, fillNowThrough! + 1)))
        }
        fillNowThrough = nil
        for (pointer, _) in rows {
            let position = Int(ListItem(pointer: pointer).position)
            guard position < model.count, shown[pointer] != nil || blank.contains(pointer) else { continue }
            guard position < keys.count else {
                clear(pointer)
                continue
            }
            guard shown[pointer] != keys[position] || pending.contains(pointer) || blank.contains(pointer) else { continue }
            if onScreen?.contains(position) ?? true { fill(pointer, with: keys[position]) } else { fillLater(pointer, keys[position]) }
        }
        if model.count != keys.count {
            // GTK would make, bind and lay out up to ~200 list items in one frame, holding the main
            // loop for several frames (clearing the filter over 100,000 favorites, say).
            if model.count + Self.rowsPerTurn < min(keys.count, Self.gtkItems) { growingInSlices = true }
            scheduleIdleWork()
        }
        guard let selectedKey else { return }
        let position = model.key(at: selectedPosition) == selectedKey ? Int(selectedPosition) : model.position(of: selectedKey)
        gtk_single_selection_set_selected(selection, position.map { guint($0) } ?? guint(GTK_INVALID_LIST_POSITION))
    }

    /// What the rows show changed, not which keys they show (a star, a name): the rows on screen
    /// are bound again now, the others when idle: binding all of GTK's ~200 rows at once, for
    /// each page a long import adds, would hold the main loop every time.
    func rebind() {
        let onScreen = positionsOnScreen()
        // Rows not bound again now (off screen, waiting, unbound) are filled again when bound.
        drawn.removeAll(keepingCapacity: true)
        for (pointer, row) in rows {
            guard let key = shown[pointer], !pending.contains(pointer) else { continue }
            let item = ListItem(pointer: pointer)
            if onScreen?.contains(Int(item.position)) == true {
                stale.remove(pointer)
                draw(pointer, row, key)
            } else {
                stale.insert(pointer)
            }
        }
        if !stale.isEmpty { scheduleIdleWork() }
    }

    /// Row widgets made and kept (GTK's list items' and the pool's), and those in the pool.
    var rowsMade: (all: Int, pooled: Int) { (rows.count + pool.count, pool.count) }

    /// The key of the selected row.
    var selectedKey: Int64? { model.key(at: gtk_single_selection_get_selected(selection)) }

    func select(position: Int) { gtk_single_selection_set_selected(selection, guint(position)) }

    // MARK: Rows

    private func setUp(_ pointer: UnsafeMutableRawPointer) {
        FrameWork.count(.itemsSetUp)
        drawn[pointer] = nil
        let row = pool.popLast() ?? made()
        rows[pointer] = row
        ListItem(pointer: pointer).setChild(rootOf(row))
    }

    private func made() -> Row {
        FrameWork.count(.rowsMade)
        return makeRow()
    }

    private func tearDown(_ pointer: UnsafeMutableRawPointer) {
        FrameWork.count(.itemsTornDown)
        drawn[pointer] = nil
        guard let row = rows.removeValue(forKey: pointer) else { return }
        ListItem(pointer: pointer).setChild(nil)
        if pool.count < Self.poolLimit { pool.append(row) }
    }

    private func bound(_ pointer: UnsafeMutableRawPointer) {
        let position = Int(ListItem(pointer: pointer).position)
        guard position < model.keys.count else { return clear(pointer) }
        if let limit = fillNowThrough, position > limit {
            fillLater(pointer, model.keys[position])
        } else {
            fill(pointer, with: model.keys[position])
        }
    }

    private func forget(_ pointer: UnsafeMutableRawPointer) {
        stale.remove(pointer)
        let waited = pending.remove(pointer) != nil
        if blank.remove(pointer) != nil || waited, let row = rows[pointer] { show(row, true) }
        guard let key = shown.removeValue(forKey: pointer) else { return }
        if let row = rows[pointer], boundRows[key] === row { boundRows[key] = nil }
    }

    private func fill(_ pointer: UnsafeMutableRawPointer, with key: Int64) {
        guard let row = rows[pointer] else { return }
        unlink(pointer, row)
        let waited = pending.remove(pointer) != nil
        if blank.remove(pointer) != nil || waited { show(row, true) }
        shown[pointer] = key
        stale.remove(pointer)
        boundRows[key] = row
        guard drawn[pointer] != key else { return FrameWork.count(.bindsSkipped) }
        draw(pointer, row, key)
    }

    /// Fills `row` with the content of `key` (`onBind`).
    private func draw(_ pointer: UnsafeMutableRawPointer, _ row: Row, _ key: Int64) {
        drawn[pointer] = key
        FrameWork.count(.binds)
        FrameWork.time(.bind) { onBind?(row, key, ListItem(pointer: pointer)) }
    }

    /// Off screen: filled when idle. Until then the row is hidden from screen readers, so
    /// nobody reads the name it showed before.
    private func fillLater(_ pointer: UnsafeMutableRawPointer, _ key: Int64) {
        guard let row = rows[pointer] else { return }
        unlink(pointer, row)
        shown[pointer] = key
        if blank.remove(pointer) != nil { rootOf(row).setVisible(true) }
        if pending.insert(pointer).inserted { rootOf(row).setHiddenFromAccessibility(true) }
        scheduleIdleWork()
    }

    /// Past the last key, until GTK drops it: shows nothing.
    private func clear(_ pointer: UnsafeMutableRawPointer) {
        guard let row = rows[pointer] else { return }
        unlink(pointer, row)
        shown[pointer] = nil
        pending.remove(pointer)
        stale.remove(pointer)
        if blank.insert(pointer).inserted { show(row, false) }
    }

    private func unlink(_ pointer: UnsafeMutableRawPointer, _ row: Row) {
        if let old = shown[pointer], boundRows[old] === row { boundRows[old] = nil }
    }

    private func show(_ row: Row, _ visible: Bool) {
        rootOf(row).setVisible(visible)
        rootOf(row).setHiddenFromAccessibility(!visible)
    }

    // MARK: Later

    private func scheduleIdleWork() {
        watchScrolling()
        guard idleWork == 0 else { return }
        idleWork = Timeout.idle { [weak self] in
            self?.idleWork = 0
            self?.finish()
        }
    }

    /// GTK gets the whole list, and the rows near the screen their key, a slice a main-loop turn
    /// (at most `sliceMilliseconds` of filling, top down) so that each frame measures only a few
    /// changed rows. Rows further than `nearScreens` screens from the view wait for a scroll:
    /// filling and measuring all of GTK's ~200 after every filter keystroke would make frames far
    /// longer than 16 ms. The count grows all at once unless `growsInSlices` or
    /// `growingInSlices`: then `rowsPerTurn` at a time. After a scroll of `scrolledRows` rows
    /// (GTK places the rows at the next frame), the rows near the new view are filled at once.
    private func finish(scrolledRows: Int? = nil) {
        let scrolled = scrolledRows != nil
        FrameWork.count(scrolled ? .scrollFills : .idleFills)
        // Also on a scroll: GTK making ~200 list items in one frame would hold it.
        let growAll = !(growsInSlices || growingInSlices)
        let deadline = ContinuousClock.now + .milliseconds(Self.sliceMilliseconds)
        let target = model.keys.count
        // GTK makes a list item for each new position up to ~200, and lays each out.
        let sliced = model.count + Self.rowsPerTurn
        model.setCount(growAll || sliced >= Self.gtkItems ? target : min(target, sliced))
        let near = positionsNear(shiftedBy: scrolledRows ?? 0)
        let isNear = { (pointer: UnsafeMutableRawPointer) in near?.contains(Int(ListItem(pointer: pointer).position)) ?? true }
        // Top down: after a keystroke the list shows its start, and the rows below come next.
        for pointer in pending.filter(isNear).sorted(by: { ListItem(pointer: $0).position < ListItem(pointer: $1).position }) {
            guard scrolled || ContinuousClock.now < deadline else { break }
            // `fill` takes it out of `pending` (and shows it to screen readers again).
            if let key = shown[pointer], rows[pointer] != nil { fill(pointer, with: key) } else { pending.remove(pointer) }
        }
        for pointer in stale.filter(isNear) {
            guard scrolled || ContinuousClock.now < deadline else { break }
            stale.remove(pointer)
            if let key = shown[pointer], let row = rows[pointer] { draw(pointer, row, key) }
        }
        if model.count != target || pending.contains(where: isNear) || stale.contains(where: isNear) {
            scheduleIdleWork()
        } else {
            growingInSlices = false
        }
    }

    /// Set by `update` when GTK is to be given many more list items than it has: `finish` then
    /// works in slices, as while `growsInSlices`, until the list is whole.
    private var growingInSlices = false

    /// While a long task fills the list (an import): `finish` works a slice a turn, GTK is given
    /// its ~200 rows `rowsPerTurn` at a time, and they are made ahead: making them and first
    /// laying them out at once, as an import's first pages land, would hold the main loop for
    /// several frames.
    var growsInSlices = false {
        didSet { if growsInSlices { prepareRows() } }
    }

    /// Makes rows ahead, a few a main-loop turn, until GTK's ~200 list items would find one each.
    private func prepareRows() {
        guard preparing == 0, rows.count + pool.count < Self.gtkItems else { return }
        preparing = Timeout.idle { [weak self] in
            guard let self else { return }
            preparing = 0
            let deadline = ContinuousClock.now + .milliseconds(Self.sliceMilliseconds)
            while rows.count + pool.count < Self.gtkItems, ContinuousClock.now < deadline { pool.append(made()) }
            prepareRows()
        }
    }

    /// A scroll may bring waiting rows into view: those near it are filled before the frame is
    /// drawn. A list made taller (the window, a row that shrank) looks again when idle.
    private func watchScrolling() {
        guard scrolling.isEmpty, let adjustment = gtk_scrollable_get_vadjustment(widget.opaque) else { return }
        scrolledTo = gtk_adjustment_get_value(adjustment)
        scrolling = [
            Signals.on(UnsafeMutableRawPointer(adjustment), "value-changed") { [weak self] in
                guard let self else { return }
                // The rows are placed at the next frame: where the view goes is estimated from
                // the scroll and the list's average row height.
                let value = gtk_adjustment_get_value(adjustment), upper = gtk_adjustment_get_upper(adjustment)
                let moved = value - scrolledTo
                scrolledTo = value
                guard idleWork != 0 || !pending.isEmpty || !stale.isEmpty else { return }
                Timeout.cancel(idleWork)
                idleWork = 0
                let rowHeight = model.count > 0 ? upper / Double(model.count) : 0
                finish(scrolledRows: rowHeight > 0 ? Int((moved / rowHeight).rounded()) : 0)
            },
            Signals.on(UnsafeMutableRawPointer(adjustment), "changed") { [weak self] in
                guard let self, !pending.isEmpty || !stale.isEmpty else { return }
                scheduleIdleWork()
            },
        ]
    }

    /// Positions of the rows on screen, and as many again below them (rows may grow or shrink
    /// when filled, bringing more into view); `nil` when the list is not on screen.
    private func positionsOnScreen() -> ClosedRange<Int>? {
        shownPositions().map { $0.lowerBound...($0.upperBound + $0.count) }
    }

    /// Positions within `nearScreens` screens of the rows on screen (moved by `shift` rows):
    /// those filled when idle. `nil` when the list is not on screen (then all are).
    private func positionsNear(shiftedBy shift: Int = 0) -> ClosedRange<Int>? {
        guard let shown = shownPositions() else { return nil }
        let margin = Self.nearScreens * shown.count
        return max(0, shown.lowerBound + shift - margin)...max(0, shown.upperBound + shift + margin)
    }

    /// Positions of the rows on screen; `nil` when the list is not on screen. GTK 4.8 maps every
    /// list item it keeps (~200), so a row is on screen when it lies within the list's height.
    private func shownPositions() -> ClosedRange<Int>? {
        guard widget.isVisibleOnScreen else { return nil }
        var first = Int.max, last = Int.min
        for (pointer, row) in rows where widget.shows(rootOf(row)) {
            let position = Int(ListItem(pointer: pointer).position)
            first = min(first, position)
            last = max(last, position)
        }
        return first <= last ? first...last : nil
    }

    /// Rows past the last one seen that could still be on screen, when none was seen.
    private static var fillFirst: Int { 24 }
    private static var poolLimit: Int { 256 }
    /// The most list items GTK 4.8 keeps (GTK_LIST_VIEW_MAX_LIST_ITEMS and 2 around them).
    private static var gtkItems: Int { 204 }
    /// Rows GTK may make and lay out in one main-loop turn of `finish`, while `growsInSlices`.
    private static var rowsPerTurn: Int { 20 }
    private static var sliceMilliseconds: Int { 6 }
    /// How far from the rows on screen, in screens, rows are filled when idle.
    private static var nearScreens: Int { 2 }
}
