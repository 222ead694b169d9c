import Foundation

/// A list row whose avatar is loaded only while the row is on screen.
@MainActor
protocol AvatarRow: AnyObject {
    /// The avatar: where it sits decides whether the row is on screen.
    var avatarWidget: Widget { get }
    /// The avatar the row should show now; nil for none (a letter header, no avatar URL).
    var wantedAvatar: URL? { get }
    /// True once `wantedAvatar` is drawn.
    var hasAvatar: Bool { get }
    /// Shows `texture` if the row still wants `url`.
    func showAvatar(_ texture: Texture?, for url: URL)
    /// Shows initials on a colour until the image comes (or when there is none).
    func showInitials()
}

/// Requests avatars for the rows of one scrolled list that are actually shown (plus about a
/// row above and below), at the size drawn × the display's scale, and cancels the requests of
/// rows that scrolled away. GtkListView binds several screens of rows; asking for all of them
/// would make ~50 requests for the ~13 rows a 720 px window shows.
@MainActor
final class OnScreenAvatars {
    /// How far outside the viewport a row still counts as shown (px).
    static let margin: Float = 48
    /// Scrolling is looked at this often: a row that flies past asks for nothing.
    static let interval: UInt32 = 100

    private let scroller: ScrolledWindow
    private let avatars: AvatarTextures
    private let drawnSize: Int
    private let rows: @MainActor () -> [any AvatarRow]
    private var pending: UInt32 = 0
    /// Told each avatar that arrives for a row (Favorites keeps them on disk for GNOME Shell).
    var onLoaded: (@MainActor (Texture, URL) -> Void)?
    private var scrolling: [SignalConnection] = []

    init(scroller: ScrolledWindow, avatars: AvatarTextures, drawnSize: Int32, rows: @escaping @MainActor () -> [any AvatarRow]) {
        self.scroller = scroller
        self.avatars = avatars
        self.drawnSize = Int(drawnSize)
        self.rows = rows
        scrolling = scroller.onViewChanged { [weak self] in self?.schedule() }
    }

    isolated deinit {
        Timeout.cancel(pending)
    }

    /// Pixels to ask for: the drawn size on this display.
    var pixelSize: Int { drawnSize * scroller.scaleFactor }

    /// The avatar if already decoded at this display's size (told to `onLoaded` too).
    func cached(_ url: URL?) -> Texture? {
        let texture = avatars.cached(url, pixelSize: pixelSize)
        if let texture, let url { onLoaded?(texture, url) }
        return texture
    }

    /// Looks at the rows again shortly (after a bind, a scroll, a resize).
    func schedule() {
        guard pending == 0 else { return }
        pending = Timeout.after(milliseconds: Self.interval) { [weak self] in
            self?.pending = 0
            self?.update()
        }
    }

    /// Loads what shown rows miss; cancels what hidden rows wait for.
    func update() {
        // Not laid out yet (the list was bound while another state page showed): look again.
        guard scroller.height > 0 else { return schedule() }
        ProcessMemory.releaseFreeMemoryWhenSettled()
        let size = pixelSize
        for row in rows() {
            guard scroller.shows(row.avatarWidget, margin: Self.margin) else {
                avatars.cancel(for: row)
                continue
            }
            if !row.hasAvatar { row.showInitials() }
            guard let url = row.wantedAvatar else { continue }
            if !row.hasAvatar {
                avatars.load(url, pixelSize: size, for: row) { [weak row, weak self] texture in
                    row?.showAvatar(texture, for: url)
                    if let texture { self?.onLoaded?(texture, url) }
                }
            }
        }
    }
}
