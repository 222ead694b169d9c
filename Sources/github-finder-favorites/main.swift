import GitHubFinderCore
import GitHubFinderFavoritesCLI

// The favorites command alone, for a checkout's tests and scripts: the installed app runs the same
// code in its own binary (`github-finder favorites …`), so the Swift runtime is installed once.
Localization.setUp()
FavoritesCLI.main(Array(CommandLine.arguments.dropFirst()))
