import GitHubFinderCore

/// A README or release notes (`MarkdownDocument`) as GTK widgets in a column: one slot per part
/// of the document (`MarkdownDocument.parts`), each built by `MarkdownPart`.
///
/// - Built a slice a main-loop turn (at most `sliceMilliseconds` of building each), so a long
///   README never holds the window: the first screen shows at once, the rest follows.
/// - In a scrolled pane (`watch`), only the parts within `buildScreens` screens of the view are
///   built, and a part more than `dropScreens` screens away is dropped, its slot keeping the
///   height it had: GRDB's ~1,900 blocks then cost the memory and the layout of a few screens,
///   wherever the reader is (DESIGN §6). A slot never built holds a guess of its height; when
///   parts above the view are built, the view moves by what they grew, so what the reader looks
///   at stays where it is.
/// - Without a pane to watch (tests, the bench's check of a whole document), every part is built.
@MainActor
final class MarkdownView {
    let root: Box
    /// A link was activated (anchors included: the owner calls `scroll(to:)`).
    var onLink: (@MainActor (MarkdownLink) -> Void)?
    /// An image was built (its owner loads it when it comes near the view).
    var onImage: (@MainActor (ReadmeImage) -> Void)?
    /// Every part that should be built now (all of them, or those near the view) is built.
    private(set) var isBuilt = true
    /// Runs once per document shown in a pane, after the frame that first draws every part the
    /// pane shows (the bench's "laid out").
    var onFirstScreen: (@MainActor () -> Void)?
    private var awaitsFirstScreen = false
    private var firstScreen: SignalConnection?
    /// Waiting for the pane to lay out what was built before it was laid out.
    private var nextFrame: SignalConnection?

    private var document = MarkdownDocument()
    private var hasShown = false
    private var ranges: [Range<Int>] = []
    /// The column of slots of the document shown (in `root`, where the one before it may still
    /// be, hidden, while it is taken apart).
    private var column = Box(.vertical)
    private var slots: [Box] = []
    /// The slots the pane has laid out (made before its last frame): where the others are, is
    /// not known yet.
    private var laidOut = 0
    /// The parts built now, by index.
    private var built: [Int: MarkdownPart] = [:]
    /// The part holding each heading, by anchor.
    private var anchorParts: [String: Int] = [:]
    private weak var scroller: ScrolledWindow?
    private var viewConnections: [SignalConnection] = []
    /// An `#anchor` followed before its heading's slot was laid out.
    private var pendingAnchor: String?
    /// The part at the top of the view and where it was in the column when a slice was built:
    /// the next slice moves the view by what the parts above it grew.
    private var pinned: (part: Int, y: Float)?
    private var work: UInt32 = 0
    /// Release notes are `compact`: their headings no bigger than the section's own.
    private let compact: Bool

    init(compact: Bool = false) {
        self.compact = compact
        root = Box(.vertical, spacing: 0, classes: ["readme"])
    }

    isolated deinit {
        Timeout.cancel(work)
    }

    /// The scrolled pane the view is in: from now on only the parts near its view are built.
    func watch(_ scroller: ScrolledWindow) {
        self.scroller = scroller
        viewConnections = scroller.onViewChanged { [weak self] in self?.scheduleSlice() }
            + [Signals.on(root.raw, "map") { [weak self] in self?.scheduleSlice() }]
        scheduleSlice()
    }

    /// Shows `document` in place of what was shown (nothing is rebuilt when it is the same).
    func show(_ document: MarkdownDocument) {
        guard document != self.document || !hasShown else { return }
        hasShown = true
        Timeout.cancel(work)
        work = 0
        // The document shown before leaves in one piece: its column.
        Teardown.retireChildren(of: root)
        column = Box(.vertical, spacing: compact ? 8 : 12)
        root.append(column)
        built = [:]
        pinned = nil
        pendingAnchor = nil
        self.document = document
        ranges = document.parts
        slots = []
        laidOut = 0
        anchorParts = [:]
        for (index, range) in ranges.enumerated() {
            for block in document.blocks[range] {
                if case .heading(_, _, let anchor) = block.content, anchorParts[anchor] == nil { anchorParts[anchor] = index }
            }
        }
        isBuilt = ranges.isEmpty
        awaitsFirstScreen = !ranges.isEmpty
        firstScreen = nil
        nextFrame = nil
        buildSlice()
    }

    /// The heading `anchor` points at (`#getting-started`): its label once built, else the
    /// place it will be built in (nil before that place is made).
    func heading(for anchor: String) -> Widget? {
        guard let index = anchorParts[anchor], index < slots.count else { return nil }
        return built[index]?.headings[anchor] ?? slots[index]
    }

    /// Scrolls the pane so that the heading `anchor` points at is at the top of its view, and
    /// keeps it there while the parts around it are built and laid out (their heights were
    /// guesses). False when this document has no such heading, or is not in a pane.
    func scroll(to anchor: String) -> Bool {
        guard let index = anchorParts[anchor], let scroller, let top = scroller.contentY(of: root) else { return false }
        // Its slot not made or laid out yet (the README has just come): once it is.
        guard index < laidOut, let slot = place(of: index) else {
            pendingAnchor = anchor
            scheduleSlice()
            return true
        }
        pendingAnchor = nil
        // Built, the heading may sit below the top of its part (inside a `<details>`).
        let target = built[index]?.headings[anchor] ?? slots[index]
        scroller.verticalPosition = Double(top + (target.verticalPlace(in: root)?.y ?? slot.y))
        pinned = (index, slot.y)
        scheduleSlice()
        return true
    }

    /// The texts of the labels built now, top down (what a reader sees; for tests).
    var texts: [String] { builtInOrder.flatMap { $0.texts.map(\.text) } }

    /// The labels built now, top down (for tests).
    var labels: [RichLabel] { builtInOrder.flatMap { $0.texts.compactMap { if case .label(let label) = $0 { label } else { nil } } } }

    /// The link widgets built now, named by their text (for tests).
    var links: [(name: String, widget: Button)] { builtInOrder.flatMap { $0.texts.flatMap(\.links) } }

    /// How many of the document's parts are built now (for tests and the bench).
    var builtParts: Int { built.count }

    private var builtInOrder: [MarkdownPart] { built.keys.sorted().compactMap { built[$0] } }

    // MARK: Building near the view

    /// The next slice runs once the frame being made is painted: GTK styles and lays out what a
    /// slice built in the frame after it, and that (not the building) is most of the cost, so a
    /// frame gets one slice's worth. Before the view has a frame clock, when idle.
    private func scheduleSlice() {
        // A frame clock gone (the view unrealized) leaves its handler disconnected: wait anew.
        if nextFrame?.isConnected == false { nextFrame = nil }
        // Nothing to build, ever, in an empty document (no notes, no README): no frame asked for.
        guard work == 0, nextFrame == nil, hasShown, !slots.isEmpty else { return }
        nextFrame = root.afterNextPaint { [weak self] in
            guard let self, nextFrame != nil else { return }
            nextFrame = nil
            sliceWhenIdle()
        }
        if nextFrame == nil { sliceWhenIdle() }
    }

    private func sliceWhenIdle() {
        work = Timeout.idle { [weak self] in
            self?.work = 0
            self?.buildSlice()
        }
    }

    private func buildSlice() {
        keepPinnedPartInPlace()
        let deadline = ContinuousClock.now + .milliseconds(Self.sliceMilliseconds)
        // Slots made before the last frame are laid out; in a pane, the rest are made a slice's
        // worth at a time (the first screens' first).
        laidOut = slots.count
        if let anchor = pendingAnchor, let index = anchorParts[anchor], index < laidOut { _ = scroll(to: anchor) }
        addSlots(scroller == nil ? ranges.count : Self.slotsAtOnce)
        let wanted = wantedParts()
        pinTopPart()
        // What GTK will style and lay out in the next frame: text, counted in bytes.
        var text = 0
        var grew = false
        while ContinuousClock.now < deadline, text < Self.sliceTextBytes {
            if let part = wanted.lazy.compactMap({ self.built[$0] }).first(where: \.isBuilding) {
                text += part.addPending(until: deadline, textBytes: Self.sliceTextBytes - text)
                grew = true
                continue
            }
            guard let index = wanted.first(where: { built[$0] == nil }) else { break }
            build(index)
            grew = true
            text += document.blocks[ranges[index]].reduce(0) { $0 + $1.textBytes }
        }
        dropFarParts()
        let more = wanted.contains { built[$0] == nil || built[$0]!.isBuilding }
        isBuilt = !more && slots.count == ranges.count
        // One more slice: to build the rest; to move the view by what this one grew above the
        // pinned part, once laid out; or, built before the pane laid the slots out, to look again
        // once it has (a short README may not change the pane's scroll range: no signal says so).
        if more || slots.count < ranges.count || (grew && pinned != nil) || (scroller != nil && root.isVisibleOnScreen && view() == nil) { scheduleSlice() }
        if awaitsFirstScreen, !more, view() != nil { reportFirstScreen() }
    }

    /// Calls `onFirstScreen` after the next frame is painted (the one laying out what was built).
    private func reportFirstScreen() {
        if firstScreen?.isConnected == false { firstScreen = nil }
        guard firstScreen == nil else { return }
        firstScreen = root.afterNextPaint { [weak self] in
            guard let self, firstScreen != nil else { return }
            firstScreen = nil
            onFirstScreen?()
        }
        if firstScreen != nil { awaitsFirstScreen = false }
    }

    /// Slots for the next `count` parts (each a box GTK takes some 20 µs to make: GRDB's 1,528
    /// made at once held the window 28 ms). A slot holds a guess of its part's height until built.
    private func addSlots(_ count: Int) {
        guard count > 0, slots.count < ranges.count else { return }
        let charactersPerLine = max(20, Int(Float(root.width > 0 ? root.width : Self.guessedWidth) / Self.characterWidth))
        for range in ranges[slots.count..<min(ranges.count, slots.count + count)] {
            let slot = Box(.vertical)
            slot.setSize(width: -1, height: Self.guessedHeight(of: document.blocks[range], charactersPerLine: charactersPerLine))
            slot.hideFromAccessibility()
            column.append(slot)
            slots.append(slot)
        }
    }

    private func build(_ index: Int) {
        let slot = slots[index]
        built[index] = MarkdownPart(document.blocks[ranges[index]], into: slot, compact: compact,
                                    onLink: { [weak self] link in self?.onLink?(link) },
                                    onImage: { [weak self] image in self?.onImage?(image) })
        slot.setSize(width: -1, height: -1)
        slot.setHiddenFromAccessibility(false)
    }

    /// The parts to build now: all without a pane to watch; else those within `buildScreens`
    /// screens of the view (the first screens of the document until the pane is laid out).
    private func wantedParts() -> [Int] {
        guard let scroller else { return Array(slots.indices) }
        // A pane not on screen (another page shown) builds nothing: where its reader is, is unknown.
        guard scroller.isVisibleOnScreen, root.isVisibleOnScreen else { return [] }
        guard let view = view() else { return Array(slots.indices.prefix(Self.partsBeforeLayout)) }
        let first = firstSlot { $0.y + $0.height >= view.top - view.height * Self.buildScreens.above }
        let end = firstSlot { $0.y > view.top + view.height * (1 + Self.buildScreens.below) }
        guard first < end else { return [] }
        // Down from the top of the view first (what the reader sees), then the parts above it.
        let top = min(max(first, firstSlot { $0.y + $0.height >= view.top }), end)
        return Array(top..<end) + Array((first..<top).reversed())
    }

    /// What the pane shows, in the column's coordinates (0 is the top of the document), once
    /// the pane and the document are laid out. From the scroll position as it is now, and where
    /// the column sits in the pane's content (which scrolling does not change), so it is right
    /// between a scroll and the layout that follows it.
    private func view() -> (top: Float, height: Float)? {
        guard let scroller, scroller.isVisibleOnScreen, root.isVisibleOnScreen, laidOut > 0, slots[laidOut - 1].width > 0,
              let top = scroller.contentY(of: root) else { return nil }
        return (Float(scroller.verticalPosition) - top, Float(max(1, scroller.height)))
    }

    /// The first slot laid out for which `test` holds, by binary search: `test` must hold for
    /// every slot after one it holds for (the slots are top down). `laidOut` when there is none.
    private func firstSlot(where test: ((y: Float, height: Float)) -> Bool) -> Int {
        var low = 0, high = laidOut
        while low < high {
            let middle = (low + high) / 2
            if let place = place(of: middle), test(place) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    /// Where slot `index` is in the column, as last laid out.
    private func place(of index: Int) -> (y: Float, height: Float)? {
        slots[index].verticalPlace(in: root)
    }

    /// Drops the parts more than `dropScreens` screens away from the view (not one holding the
    /// focus): their slot keeps its height, so nothing moves.
    private func dropFarParts() {
        guard let view = view() else { return }
        let margin = view.height * Self.dropScreens
        for index in Array(built.keys) {
            guard let place = place(of: index), place.height > 0,
                  place.y + place.height < view.top - margin || place.y > view.top + view.height + margin else { continue }
            let slot = slots[index]
            guard !slot.containsFocus else { continue }
            slot.setSize(width: -1, height: Int32(place.height.rounded()))
            Teardown.retireChildren(of: slot)
            slot.hideFromAccessibility()
            built[index] = nil
        }
    }

    /// Remembers the part at the top of the view, and where it is, before parts are built
    /// around it.
    private func pinTopPart() {
        pinned = nil
        guard let view = view() else { return }
        let top = firstSlot { $0.y + $0.height > view.top }
        guard top < laidOut, let place = place(of: top), place.y < view.top + view.height else { return }
        pinned = (top, place.y)
    }

    /// Moves the view by what the parts above the pinned one grew (or shrank) since it was
    /// pinned: a part built above the view must not push what the reader looks at down.
    private func keepPinnedPartInPlace() {
        guard let pinned, let scroller, pinned.part < slots.count, let place = place(of: pinned.part) else { return }
        self.pinned = nil
        let grown = Double(place.y - pinned.y)
        if abs(grown) >= 1 { scroller.verticalPosition += grown }
    }

    // MARK: Guessing the height of a part never built

    private static func guessedHeight(of blocks: ArraySlice<MarkdownBlock>, charactersPerLine: Int) -> Int32 {
        guard let block = blocks.first else { return 0 }
        // A `<details>` shows its summary only, until opened.
        if case .detailsStart = block.content { return 36 }
        return blocks.reduce(0) { $0 + guessedHeight(of: $1, charactersPerLine: charactersPerLine) }
    }

    private static func guessedHeight(of block: MarkdownBlock, charactersPerLine: Int) -> Int32 {
        func lines(_ characters: Int) -> Int32 { Int32(max(1, (characters + charactersPerLine - 1) / charactersPerLine)) }
        switch block.content {
        case .heading(let level, _, _): return level <= 2 ? 44 : 30
        case .paragraph(let runs) where runs.contains { $0.image != nil }: return 48
        case .paragraph(let runs): return lines(runs.reduce(0) { $0 + $1.text.count }) * 22
        case .code(_, let text): return Int32(text.reduce(1) { $1 == "\n" ? $0 + 1 : $0 }) * 17 + 44
        case .table(let table): return Int32(table.rows.count) * 28
        case .rule: return 13
        case .notice(let text): return lines(text.count) * 22
        case .detailsStart, .detailsEnd: return 0
        }
    }

    /// Building a slice, then GTK measuring what it added, must stay well inside a frame: no
    /// main-loop stall over 50 ms while a long README appears (DESIGN §6).
    private static var sliceMilliseconds: Int { 6 }
    /// Text a slice builds at most (a part is always built whole, but no paragraph or piece of
    /// code is over 1 KB): GTK takes 8-16 ms to style and lay out a kilobyte of wrapped text in
    /// labels, in the frame after the slice (list items in grids and labels at least a few words
    /// wide: `MarkdownPart.place`, `RichLabel`; before those, a kilobyte of list items took up to
    /// 45 ms).
    private static var sliceTextBytes: Int { 1_024 }
    /// Build what is within this many screens above and below the view.
    private static var buildScreens: (above: Float, below: Float) { (0.5, 1.5) }
    /// Drop what is further than this many screens from the view.
    private static var dropScreens: Float { 4 }
    /// Parts built before the pane has laid the document out (the first screen or so).
    private static var partsBeforeLayout: Int { 30 }
    /// Slots made in one go (a slice's worth).
    private static var slotsAtOnce: Int { 250 }
    private static var guessedWidth: Int32 { 640 }
    private static var characterWidth: Float { 7.5 }
}
