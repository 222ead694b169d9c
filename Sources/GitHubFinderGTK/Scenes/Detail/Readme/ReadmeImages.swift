import Foundation
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
    /// Images decoded, by address, newest last, up to `keptBytes` of pixels: a part of the
    /// README built again after it was dropped (scrolled far away and back) shows its images
    /// without fetching them again.
    private var kept: [(source: URL, texture: Texture, bytes: Int)] = []
    /// Images that could not be had (too large, not an image, unreachable): not tried again.
    private var failed: Set<URL> = []

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
            image.load { [weak self] image in await self?.texture(for: image) }
        }
    }

    /// The image's texture: kept from before, or fetched through the view model (which
    /// refuses what may not be loaded yet) and decoded off the main thread.
    private func texture(for image: MarkdownImage) async -> Texture? {
        if let index = kept.firstIndex(where: { $0.source == image.source }) {
            let entry = kept.remove(at: index)
            kept.append(entry)
            return entry.texture
        }
        guard !failed.contains(image.source), viewModel.mayLoad(image) else { return nil }
        let data = await viewModel.imageData(image)
        if let data { ReadmeStatistics.imageFetched(bytes: data.count, fromGitHub: image.isGitHubHosted) }
        guard !Task.isCancelled else { return nil }
        guard let data, let texture = await ImageDecoder.texture(from: data) else {
            failed.insert(image.source)
            return nil
        }
        if kept.contains(where: { $0.source == image.source }) { return texture }
        kept.append((image.source, texture, texture.pixelBytes))
        while kept.count > 1, kept.reduce(0, { $0 + $1.bytes }) > Self.keptBytes { kept.removeFirst() }
        return texture
    }

    private static var keptBytes: Int { 24 << 20 }
}
