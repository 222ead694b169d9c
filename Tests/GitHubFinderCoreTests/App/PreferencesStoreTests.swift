import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("Preferences")
struct PreferencesStoreTests {
    private func temporaryStore() -> PreferencesStore {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghf-config-\(UUID().uuidString)")
        return PreferencesStore(environment: ["XDG_CONFIG_HOME": folder.path, "HOME": "/nonexistent"])
    }

    @Test func theStyleIsRememberedUnderXDGConfigHome() throws {
        let store = temporaryStore()
        #expect(store.file.path.hasSuffix("/io.github.githubfinder.GitHubFinder/preferences.json"))
        #expect(store.load() == Preferences(colorScheme: .system))
        try store.save(Preferences(colorScheme: .dark))
        #expect(store.load().colorScheme == .dark)
    }

    @Test func aDamagedFileOrAnUnknownValueFallsBackToTheDefaults() throws {
        let store = temporaryStore()
        try FileManager.default.createDirectory(at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: store.file)
        #expect(store.load() == Preferences())
        try Data(#"{"colorScheme": "sepia", "futureSetting": 3}"#.utf8).write(to: store.file)
        #expect(store.load() == Preferences())
        try Data(#"{"colorScheme": "light", "futureSetting": 3}"#.utf8).write(to: store.file)
        #expect(store.load().colorScheme == .light)
    }

    @Test func withoutXDGConfigHomeItIsUnderTheHomeFolder() {
        #expect(PreferencesStore(environment: ["HOME": "/home/u"]).file.path == "/home/u/.config/io.github.githubfinder.GitHubFinder/preferences.json")
    }
}
