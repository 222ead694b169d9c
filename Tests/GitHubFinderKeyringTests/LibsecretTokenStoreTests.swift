import Foundation
import Testing

/// The token in a real Secret Service (gnome-keyring, started unlocked by scripts/with-display.sh,
/// which sets GHF_KEYRING=1), through the keyring probe: one process per call, like app restarts.
@Suite("Keyring (libsecret)", .enabled(if: ProcessInfo.processInfo.environment["GHF_KEYRING"] == "1" || ProcessInfo.processInfo.environment["CI"] == "true", "needs the Secret Service of scripts/with-display.sh (always required in CI)"))
struct LibsecretTokenStoreTests {
    static let probe = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("keyring-probe")

    func run(_ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let process = Process()
        process.executableURL = Self.probe
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        return String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aTokenIsStoredReadBackByALaterProcessAndRemovedOnSignOut() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.probe.path), "build the probe: swift build --build-tests")
        #expect(try run(["delete"]) == "ok")
        #expect(try run(["load"]) == "none")
        #expect(try run(["save", "ghp_keyring_test_token", "octocat"]) == "ok")
        #expect(try run(["load"]) == "token octocat ghp_keyring_test_token")
        #expect(try run(["save", "ghp_second_token", "mojombo"]) == "ok")
        #expect(try run(["load"]) == "token mojombo ghp_second_token")
        #expect(try run(["delete"]) == "ok")
        #expect(try run(["load"]) == "none")
    }

    @Test func withNoSecretServiceTheStoreSaysItIsUnavailable() throws {
        let output = try run(["load"], environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/ghf-no-bus"])
        #expect(output.hasPrefix("unavailable: "), "\(output)")
    }
}
