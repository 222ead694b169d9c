import Foundation
import Testing
@testable import GitHubFinderCore

/// Run-time paths come from the running binary (/proc/self/exe), never from argv[0]: started as
/// `github-finder` through PATH, argv[0] is a bare name that resolves against the current folder
/// (issue 27: a Korean user got an English window from /usr/bin/github-finder started that way).
@Suite("RunningExecutable and the locale folder")
struct RunningExecutableTests {
    @Test func theRunningBinaryIsTheKernelsNotArgvZero() throws {
        let url = RunningExecutable.url
        #expect(url.path.hasPrefix("/"))
        #expect(FileManager.default.isExecutableFile(atPath: url.path))
        let real = try #require(realpath("/proc/self/exe", nil))
        defer { free(real) }
        #expect(url.path == String(cString: real))
    }

    @Test func translationsAreFoundBesideAnInstalledBinaryFromAnyFolder() throws {
        let prefix = FileManager.default.temporaryDirectory.appendingPathComponent("ghf-prefix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: prefix) }
        let locale = prefix.appendingPathComponent("share/locale/ko/LC_MESSAGES")
        try FileManager.default.createDirectory(at: locale, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: prefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
        let binary = prefix.appendingPathComponent("bin/github-finder")
        let found = Localization.localeDirectory(executable: binary, environment: [:])
        #expect(found == prefix.appendingPathComponent("share/locale").standardizedFileURL.path)
        // What argv[0] gave before: a bare name, resolved against the current folder.
        let bare = Localization.localeDirectory(executable: URL(fileURLWithPath: "github-finder"), environment: [:])
        #expect(bare != found)
        // $GITHUB_FINDER_LOCALEDIR first, when it exists.
        let elsewhere = prefix.appendingPathComponent("elsewhere").path
        try FileManager.default.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
        #expect(Localization.localeDirectory(executable: binary, environment: ["GITHUB_FINDER_LOCALEDIR": elsewhere]) == elsewhere)
    }

    @Test func theVersionIsTheVersionFiles() throws {
        // VERSION at the package's root, which VersionPlugin compiles into AppVersion.string.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../VERSION").standardizedFileURL
        let written = try String(contentsOf: root, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(AppVersion.string == written)
        #expect(AppVersion.string.split(separator: ".").count == 3)
    }
}
