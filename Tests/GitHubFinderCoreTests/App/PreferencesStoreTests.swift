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

    @Test func theServerListKeepsUsableAddressesOnceAndTheOneInUse() throws {
        let store = temporaryStore()
        try FileManager.default.createDirectory(at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        // A file from before the list knew only the server in use.
        try Data(#"{"apiURL": "https://ghe.example.com/api/v3"}"#.utf8).write(to: store.file)
        #expect(store.load().servers == [URL(string: "https://ghe.example.com/api/v3")!])
        try Data(#"{"apiURL": "https://b.example/api/v3", "servers": ["https://a.example/api/v3/", "ftp://x", "https://api.github.com", "https://a.example/api/v3"]}"#.utf8)
            .write(to: store.file)
        #expect(store.load().servers.map(\.absoluteString) == ["https://a.example/api/v3", "https://b.example/api/v3"])
        try store.save(store.load())
        #expect(store.load().servers.count == 2, "saved and read back the same")
        try Data(#"{"servers": "not a list"}"#.utf8).write(to: store.file)
        #expect(store.load() == Preferences())
    }

    @Test func withoutXDGConfigHomeItIsUnderTheHomeFolder() {
        #expect(PreferencesStore(environment: ["HOME": "/home/u"]).file.path == "/home/u/.config/io.github.githubfinder.GitHubFinder/preferences.json")
    }
}
