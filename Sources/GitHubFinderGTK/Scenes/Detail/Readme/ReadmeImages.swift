import GitHubFinderCore

/// The images of a README, loaded as they come near the view (within a screen of it) and may
/// be loaded: GitHub's own at once, others once the user asks for them. Held weakly: a
/// document built again drops its images, and with them their loads.
@MainActor
final class ReadmeImages {
    private struct Waiting {
        weak var image: ReadmeImage?
    }

    private let viewModel: ReadmeViewModel
    private var waiting: [Waiting] = []
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
        waiting.append(Waiting(image: image))
        scheduleCheck()
    }

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
        waiting.removeAll { $0.image?.isDone ?? true }
        for case let image? in waiting.map(\.image)
        where !image.isLoading && viewModel.mayLoad(image.image) && scroller.shows(image.root, margin: margin) {
            image.load(from: viewModel)
        }
    }
}
