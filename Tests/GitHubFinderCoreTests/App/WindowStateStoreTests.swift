import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("Window size")
struct WindowStateStoreTests {
    @Test func theSizeIsRememberedUnderXDGStateHome() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghf-state-\(UUID().uuidString)")
        let store = WindowStateStore(environment: ["XDG_STATE_HOME": folder.path, "HOME": "/nonexistent"])
        #expect(store.file.path == folder.path + "/io.github.githubfinder.GitHubFinder/window.json")
        #expect(store.load() == .standard)
        store.save(WindowState(width: 900, height: 600, isMaximized: true))
        #expect(WindowStateStore(environment: ["XDG_STATE_HOME": folder.path]).load() == WindowState(width: 900, height: 600, isMaximized: true))
    }

    @Test func aDamagedOrAbsurdFileFallsBackToTheDefault() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghf-state-\(UUID().uuidString)")
        let store = WindowStateStore(environment: ["XDG_STATE_HOME": folder.path])
        try FileManager.default.createDirectory(at: store.file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{not json".utf8).write(to: store.file)
        #expect(store.load() == .standard)
        try Data(#"{"width": 5, "height": 99999, "isMaximized": false}"#.utf8).write(to: store.file)
        #expect(store.load() == .standard)
    }

    @Test func withoutXDGStateHomeItIsUnderTheHomeFolder() {
        #expect(WindowStateStore(environment: ["HOME": "/home/u"]).file.path == "/home/u/.local/state/io.github.githubfinder.GitHubFinder/window.json")
    }
}
