/// What READMEs cost, for the bench (`GHF_DEBUG_STATS`: `readmeMilliseconds`, `readmeImageBytes`,
/// `readmeExternalImageBytes`; budgets in DESIGN §6): how long each took from its text arriving
/// (`ReadmeViewModel.receivedAt`) to its first screen drawn in the pane (parsed off the main
/// thread, the parts the pane shows built and laid out), and the image bytes fetched, of which
/// from hosts other than GitHub's.
@MainActor
enum ReadmeStatistics {
    private(set) static var milliseconds: [Double] = []
    private(set) static var imageBytes = 0
    private(set) static var externalImageBytes = 0

    static func firstScreenDrawn(after duration: Duration) {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
        milliseconds.append((value * 10).rounded() / 10)
    }

    static func imageFetched(bytes: Int, fromGitHub: Bool) {
        imageBytes += bytes
        if !fromGitHub { externalImageBytes += bytes }
    }
}
