import Foundation
import GitHubFinderCore
import GitHubFinderFavoritesCLI
import GitHubFinderGTK

StartupTrace.mark("entry")

// `github-finder favorites …` works on the database alone, in this process: no window, no GTK.
// Its code (and ArgumentParser's) is linked in but never touched by a start of the window, so
// its pages are never read (one binary carries the Swift runtime once; see packaging/README.md).
if CommandLine.arguments.dropFirst().first == "favorites" {
    Localization.setUp()
    FavoritesCLI.main(Array(CommandLine.arguments.dropFirst(2)))
}

ProcessMemory.configure()

switch LaunchCommand.parse(Array(CommandLine.arguments.dropFirst())) {
case .failure(let error):
    FileHandle.standardError.write(Data("Error: \(error.message)\nUsage: \(LaunchCommand.usage)\n  See '\(LaunchCommand.name) --help' for more information.\n".utf8))
    exit(64)  // EX_USAGE
case .success(.help):
    FileHandle.standardOutput.write(Data(LaunchCommand.helpText.utf8))
case .success(.version):
    FileHandle.standardOutput.write(Data("\(LaunchCommand.name) \(GitHubFinderApplication.version)\n".utf8))
case .success(.run(let apiURL, let search, let benchmarkStartup, let service, let openNews)):
    StartupTrace.mark("main")
    Localization.setUp()
    // The entry point stays synchronous: an async top level would call dispatch_main() and the
    // main queue would never be drained through GLib's loop.
    let status = MainActor.assumeIsolated {
        // "Check in the Background" on: the session's start is the service without GTK.
        if BackgroundService.isWanted(service: service) { return BackgroundService(apiURL: apiURL).run() }
        let app = GitHubFinderApplication(options: .init(apiURL: apiURL, search: search, benchmarkStartup: benchmarkStartup, service: service, openNews: openNews))
        let status = app.run()
        // The window closed (not quit) with background checks on: the service goes on. Not after
        // a launch that handed over to the running app: that one goes on itself.
        if app.showedWindow, !app.quitRequested, !service, !benchmarkStartup, PreferencesStore().load().news.checksInBackground {
            AppDatabase.saveIndexSnapshots()
            BackgroundService.becomeTheService(apiURL: apiURL)
        }
        return status
    }
    // The Favorites indexes as this session left them, for a quick first open next time.
    AppDatabase.saveIndexSnapshots()
    exit(status)
}
