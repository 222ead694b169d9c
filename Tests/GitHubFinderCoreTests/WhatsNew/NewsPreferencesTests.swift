import Foundation
import Testing
@testable import GitHubFinderCore

/// Preferences › What's New: saved at once, given to the checker, and the autostart entry that
/// exists exactly while "Check in the Background" is on.
@MainActor
@Suite("What's New: preferences and the autostart entry")
struct NewsPreferencesTests {
    let folder = AppDatabaseTests.temporaryFolder()
    var environment: [String: String] { ["XDG_CONFIG_HOME": folder.path, "HOME": "/nonexistent"] }

    @Test func eachChangeIsSavedAndApplied() throws {
        let store = PreferencesStore(environment: environment)
        var applied: [NewsSettings] = []
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        let model = NewsPreferencesViewModel(store: store, apply: { applied.append($0) }, setAutostart: { _ in }, now: { now })
        #expect(model.settings == NewsSettings(), "hourly, not on metered networks, no bell for all, not in the background")
        model.send(.chooseInterval(.daily))
        model.send(.setChecksOnMeteredNetworks(true))
        model.send(.setWatchesAllRepositories(true))
        model.send(.setWatchesAllRepositories(true))
        #expect(store.load().news == NewsSettings(interval: .daily, checksOnMeteredNetworks: true, watchesAllRepositoriesSince: now))
        #expect(applied.count == 3, "turning on what is on changes nothing")
        #expect(applied.last?.watchesAllRepositoriesSince == now)
    }

    @Test func aFailedAutostartEntryLeavesTheSwitchOffAndSaysWhy() throws {
        struct ReadOnly: Error, LocalizedError { var errorDescription: String? { "read-only file system" } }
        let store = PreferencesStore(environment: environment)
        let model = NewsPreferencesViewModel(store: store, apply: { _ in }, setAutostart: { _ in throw ReadOnly() })
        model.send(.setChecksInBackground(true))
        #expect(!model.settings.checksInBackground && !store.load().news.checksInBackground)
        #expect(model.problem == "The autostart entry could not be changed: read-only file system")
    }

    @Test func theAutostartEntryStartsTheRealBinaryAsAServiceAndGoesWhenTurnedOff() throws {
        let file = NewsAutostart.file(environment: environment)
        #expect(file.path == folder.path + "/autostart/io.github.githubfinder.GitHubFinder.desktop")
        try NewsAutostart.set(true, executable: "/opt/GitHub Finder/bin/github-finder", environment: environment)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\nExec=\"/opt/GitHub Finder/bin/github-finder\" --gapplication-service\n"), "a path with a space is quoted")
        #expect(text.hasPrefix("[Desktop Entry]\nType=Application\n") && text.contains("\nNoDisplay=true\n") && text.contains("\nX-GNOME-Autostart-enabled=true\n"))
        try NewsAutostart.set(true, executable: "/usr/bin/github-finder", environment: environment)
        #expect(try String(contentsOf: file, encoding: .utf8).contains("\nExec=/usr/bin/github-finder --gapplication-service\n"))
        try NewsAutostart.set(false, executable: "/usr/bin/github-finder", environment: environment)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try NewsAutostart.set(false, executable: "/usr/bin/github-finder", environment: environment)
    }

    @Test func preferencesFromBeforeWhatsNewKeepTheirOtherSettings() throws {
        let store = PreferencesStore(environment: environment)
        try FileManager.default.createDirectory(at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"colorScheme": "dark", "news": {"interval": "weekly", "checksInBackground": true}}"#.utf8).write(to: store.file)
        let loaded = store.load()
        #expect(loaded.colorScheme == .dark)
        #expect(loaded.news.interval == .hourly, "an unknown interval is the default")
        #expect(loaded.news.checksInBackground)
    }
}
