import Foundation
import GitHubFinderCore

// `github-finder favorites …` runs this (the app's binary hands the subcommand over): the
// favorites database for scripts and backups, with ArgumentParser and without GTK, kept out of
// the app's own binary, which starts, and stays resident, without either.
Localization.setUp()
FavoritesCommand.main()
