import GitHubFinderCore

/// One image of a README: its description in a dim frame until it is loaded (or for good, when
/// it cannot be, or comes from another site the user has not allowed), then the picture. An
/// image inside a link is a link named by its description.
@MainActor
final class ReadmeImage {
    let root: Widget
    let image: MarkdownImage
    private let frame = Box(.vertical, classes: ["readme-image"])
    private let placeholder: Label
    private let picture = Picture()
    private var connection: SignalConnection?
    private(set) var isLoading = false
    /// Loaded, or tried and failed (too large, not an image, unreachable): not tried again.
    private(set) var isDone = false

    init(_ image: MarkdownImage, description: String, onLink: @escaping @MainActor (MarkdownLink) -> Void) {
        self.image = image
        let name = description.isEmpty ? ReadmeImage.unnamed : description
        placeholder = Label(name, classes: ["dim-label", "readme-image-placeholder"])
        frame.append(placeholder)
        picture.setVisible(false)
        picture.setAccessibleLabel(name)
        frame.append(picture)
        if let link = image.link {
            let button = Button(link: name)
            button.setChild(frame)
            button.addClass("readme-image-link")
            connection = button.onClicked { onLink(link) }
            root = button
        } else {
            root = frame
        }
        root.setAlign(horizontal: .start)
    }

    /// Fetched through `viewModel` (which refuses what may not be loaded yet) and decoded off
    /// the main thread; the description stays when that fails.
    func load(from viewModel: ReadmeViewModel) {
        guard !isLoading, !isDone else { return }
        isLoading = true
        Task { [weak self, image] in
            let data = await viewModel.imageData(image)
            let texture = if let data { await ImageDecoder.texture(from: data) } else { Texture?.none }
            guard let self else { return }
            isLoading = false
            isDone = true
            guard let texture else { return }
            picture.show(texture, width: image.width)
            picture.setVisible(true)
            placeholder.setVisible(false)
        }
    }

    static var unnamed: String { tr("Image") }
}

/// The images of a README, loaded as they come near the view (within a screen of it) and may
/// be loaded: GitHub's own at once, others once the user asks for them.
@MainActor
final class ReadmeImages {
    private let viewModel: ReadmeViewModel
    private var waiting: [ReadmeImage] = []
    private var scroller: ScrolledWindow?
    private var connection: SignalConnection?
    private var checkSoon: UInt32 = 0

    init(viewModel: ReadmeViewModel) {
        self.viewModel = viewModel
    }

    isolated deinit {
        Timeout.cancel(checkSoon)
    }

    /// The scrolled pane the README is in: a scroll may bring images near.
    func watch(_ scroller: ScrolledWindow) {
        self.scroller = scroller
        connection = scroller.onVerticalScroll { [weak self] _, _ in self?.check() }
    }

    func add(_ image: ReadmeImage) {
        waiting.append(image)
        scheduleCheck()
    }

    func removeAll() { waiting = [] }

    /// Looks once the pane is laid out (new blocks have no place before that).
    func scheduleCheck() {
        guard checkSoon == 0 else { return }
        checkSoon = Timeout.after(milliseconds: 100) { [weak self] in
            self?.checkSoon = 0
            self?.check()
        }
    }

    /// Starts loading the images near the view that may be loaded.
    func check() {
        guard let scroller else { return }
        let margin = Float(scroller.height)
        waiting.removeAll { $0.isDone }
        for image in waiting where !image.isLoading && viewModel.mayLoad(image.image) && scroller.shows(image.root, margin: margin) {
            image.load(from: viewModel)
        }
    }
}
