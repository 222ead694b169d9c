import GitHubFinderCore

/// A repository's latest release and README under its numbers, from `ReadmeViewModel`: the
/// sections "Latest Release" (or "Release", one opened from What's New: name, tag and date, notes, Open Release) and "README" (loading,
/// "No README", why it could not be had, or the document).
@MainActor
final class ReadmeSection {
    let root: Box
    private let viewModel: ReadmeViewModel
    private let release: Box
    private let releaseTitle = Label(classes: ["title-4"])
    private let releaseSubtitle = Label(classes: ["dim-label"])
    private let releaseNotes = MarkdownView(compact: true)
    private let openRelease = Button(label: ReadmeViewModel.openReleaseLabel)
    private let readme: Box
    private let status = Label(classes: ["dim-label"])
    private let showImages = Button(label: ReadmeViewModel.showExternalImagesLabel)
    private let images: ReadmeImages
    private let document = MarkdownView()
    private var connections: [SignalConnection] = []
    private var observation: StateObservation?

    init(viewModel: ReadmeViewModel) {
        self.viewModel = viewModel
        images = ReadmeImages(viewModel: viewModel)
        root = Box(.vertical, spacing: 24)
        release = Box(section: viewModel.releaseSectionName, spacing: 6)
        release.append(Label(viewModel.releaseSectionName, classes: ["heading"]))
        releaseTitle.setWrap()
        releaseTitle.setSelectable()
        release.append(releaseTitle)
        release.append(releaseSubtitle)
        release.append(releaseNotes.root)
        openRelease.setAlign(horizontal: .start)
        release.append(openRelease)
        release.setVisible(false)
        root.append(release)
        readme = Box(section: ReadmeViewModel.sectionName, spacing: 12)
        readme.append(Label(ReadmeViewModel.sectionName, classes: ["heading"]))
        status.setWrap()
        readme.append(status)
        // Images from other sites wait for this: a tracking pixel must not learn who looked.
        showImages.setAlign(horizontal: .start)
        showImages.setVisible(false)
        readme.append(showImages)
        readme.append(document.root)
        readme.setVisible(false)
        root.append(readme)
        for view in [releaseNotes, document] {
            // Weakly: a view holding a closure that holds the view would never be freed.
            view.onLink = { [weak self, weak view] link in
                if let view { self?.follow(link, in: view) }
            }
            view.onImage = { [images] image in images.add(image) }
        }
        document.onFirstScreen = { [weak viewModel] in
            if let at = viewModel?.receivedAt { ReadmeStatistics.firstScreenDrawn(after: at.duration(to: .now)) }
        }
        connections = [
            openRelease.onClicked { [weak self] in self?.viewModel.send(.openRelease) },
            showImages.onClicked { [weak self] in self?.viewModel.send(.showExternalImages) },
        ]
        observation = StateObservation({ [viewModel] in
            (viewModel.phase, viewModel.release, viewModel.refreshError, viewModel.showsExternalImages)
        }) { [weak self] _ in
            self?.render()
        }
    }

    /// Builds the documents near the pane's view only, and loads images as it scrolls them near.
    func watch(_ scroller: ScrolledWindow) {
        images.watch(scroller)
        releaseNotes.watch(scroller)
        document.watch(scroller)
    }

    /// The README's document view (tests and the bench wait for it to be built).
    var documentView: MarkdownView { document }

    private func render() {
        if let summary = viewModel.release {
            releaseTitle.setText(summary.title)
            releaseSubtitle.show(summary.subtitle.isEmpty ? nil : summary.subtitle)
            releaseNotes.show(summary.notes ?? MarkdownDocument())
            openRelease.setVisible(summary.page != nil)
        }
        release.setVisible(viewModel.release != nil)
        showImages.setVisible(viewModel.offersExternalImages)
        images.scheduleCheck()
        readme.setVisible(viewModel.phase != .idle)
        status.show(viewModel.statusText)
        // While loading, a README shown before stays (a refresh); the first load shows nothing.
        if viewModel.phase != .loading { document.show(viewModel.document) }
    }

    /// Anchors scroll to their heading in the same document; the rest is the view model's.
    private func follow(_ link: MarkdownLink, in view: MarkdownView) {
        if case .anchor(let anchor) = link {
            if !view.scroll(to: anchor) { _ = document.scroll(to: anchor) }
            return
        }
        viewModel.send(.openLink(link))
    }
}
