import GitHubFinderCore

/// One image of a README: its description in a dim frame until it is loaded (or for good, when
/// it cannot be, or comes from another site the user has not allowed), then the picture, as wide
/// as it is or as `<img width>` asks, never wider than the pane. An image inside a link is a
/// link named by its description.
@MainActor
final class ReadmeImage {
    let root: Widget
    let image: MarkdownImage
    private let frame = Box(.vertical, classes: ["readme-image"])
    private let placeholder: Label
    private let picture = Picture()
    private var connection: SignalConnection?
    private var loading: Task<Void, Never>?
    /// Loaded, or tried and failed (too large, not an image, unreachable): not tried again.
    private(set) var isDone = false

    init(_ image: MarkdownImage, description: String, onLink: @escaping @MainActor (MarkdownLink) -> Void) {
        self.image = image
        let name = description.isEmpty ? ReadmeViewModel.unnamedImage : description
        placeholder = Label(name, classes: ["dim-label", "readme-image-placeholder"])
        // A long description must not widen the pane.
        placeholder.setEllipsize()
        frame.append(placeholder)
        picture.setVisible(false)
        picture.setAccessibleLabel(name)
        if let width = image.width { frame.append(Clamp(picture, maximum: width)) } else { frame.append(picture) }
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

    isolated deinit {
        loading?.cancel()
    }

    var isLoading: Bool { loading != nil }

    /// Fetched and decoded by `texture` (`ReadmeImages`, off the main thread); the description
    /// stays when that fails. Cancelled with the image.
    func load(_ texture: @escaping @MainActor (MarkdownImage) async -> Texture?) {
        guard loading == nil, !isDone else { return }
        loading = Task { [weak self, image] in
            let texture = await texture(image)
            guard let self, !Task.isCancelled else { return }
            loading = nil
            isDone = true
            guard let texture else { return }
            picture.show(texture)
            picture.setVisible(true)
            placeholder.setVisible(false)
        }
    }
}
