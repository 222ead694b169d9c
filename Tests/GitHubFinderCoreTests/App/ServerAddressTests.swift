import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("The GitHub API address typed in Preferences")
struct ServerAddressTests {
    private func parsed(_ text: String) -> String? { try? ServerAddress.parse(text).get().absoluteString }
    private func problem(_ text: String) -> String? {
        if case .failure(let problem) = ServerAddress.parse(text) { return problem.message }
        return nil
    }

    @Test func anEnterpriseAddressIsNormalisedAndEmptyMeansGitHubCom() {
        #expect(parsed("  https://GHE.Example.com/api/v3/ ") == "https://ghe.example.com/api/v3")
        #expect(parsed("ghe.example.com/api/v3") == "https://ghe.example.com/api/v3")
        #expect(parsed("http://127.0.0.1:8080") == "http://127.0.0.1:8080")
        #expect(parsed("") == "https://api.github.com")
        #expect(ServerAddress.isGitHubCom(URL(string: "https://api.github.com")!))
        #expect(!ServerAddress.isGitHubCom(URL(string: "https://ghe.example.com/api/v3")!))
        #expect(ServerAddress.displayName(URL(string: "http://127.0.0.1:8080/api")!) == "127.0.0.1:8080")
    }

    @Test func whatIsNotAnAPIAddressIsRefusedWithTheReason() {
        #expect(problem("ftp://ghe.example.com") == "The address must start with https:// (or http://).")
        #expect(problem("https://me:secret@ghe.example.com/api/v3") == "Leave the user name and password out of the address: sign in instead.")
        #expect(problem("https://ghe.example.com/api/v3?x=1") == "The address cannot have a query (?) or a fragment (#).")
        #expect(problem("https://github.com") == "That is GitHub's website. Its API is at https://api.github.com.")
        #expect(problem("https://") == "This is not a web address.")
        #expect(problem("not an address at all") == "This is not a web address.")
    }

    @Test func aClientIDHasTheFormGitHubShows() throws {
        #expect(try OAuthClientID.parse(" Iv1.0123abcd ").get() == "Iv1.0123abcd")
        #expect(try OAuthClientID.parse("").get() == nil)
        #expect((try? OAuthClientID.parse("Iv1 0123").get()) == nil)
        #expect((try? OAuthClientID.parse("클라이언트").get()) == nil)
    }

    @Test func onlyAGitHubAPIPassesTheCheck() async throws {
        try await withLiveDouble { server, _ in
            #expect(await ServerAddress.check(server.baseURL) == nil)
            let elsewhere = server.baseURL.appendingPathComponent("not/the/api")
            #expect(await ServerAddress.check(elsewhere)?.message == "The server at \(ServerAddress.displayName(elsewhere)) answered, but not as a GitHub API does.")
        }
        let closed = URL(string: "http://127.0.0.1:\(closedPort())")!
        let message = await ServerAddress.check(closed)?.message ?? ""
        #expect(message.hasPrefix("No GitHub API answered at 127.0.0.1:"), "\(message)")
        #expect(message.hasSuffix("Can't reach GitHub. Check your connection."), "\(message)")
    }

    @Test func sizesAreWrittenAsGNOMEWritesThem() {
        #expect(NumberText.byteCount(1) == "1 byte")
        #expect(NumberText.byteCount(999) == "999 bytes")
        #expect(NumberText.byteCount(34_567, grouping: .english, decimalSeparator: ".") == "34.6 kB")
        #expect(NumberText.byteCount(1_234_567, grouping: .english, decimalSeparator: ",") == "1,2 MB")
        #expect(NumberText.byteCount(999_999, grouping: .english, decimalSeparator: ".") == "1.0 MB")
        #expect(NumberText.byteCount(5_000_000_000, grouping: .english, decimalSeparator: ".") == "5.0 GB")
    }

    @Test func savedSettingsAreReadBackAndBadOnesDropped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ghf-config-\(UUID().uuidString)")
        let store = PreferencesStore(environment: ["XDG_CONFIG_HOME": folder.path])
        try store.save(Preferences(colorScheme: .dark, apiURL: URL(string: "https://ghe.example.com/api/v3"), oauthClientID: "Iv1.abc"))
        #expect(store.load() == Preferences(colorScheme: .dark, apiURL: URL(string: "https://ghe.example.com/api/v3"), oauthClientID: "Iv1.abc"))
        try Data(#"{"colorScheme": "dark", "apiURL": "ftp://x", "oauthClientID": "a b"}"#.utf8).write(to: store.file)
        #expect(store.load() == Preferences(colorScheme: .dark))
    }

    @Test func theCommandLineThenTheEnvironmentDecideOverPreferences() {
        let preferred = URL(string: "https://ghe.example.com/api/v3")!
        let cli = URL(string: "http://127.0.0.1:9")!
        #expect(GitHubConfiguration.fromEnvironment([:], preferred: preferred).baseURL == preferred)
        #expect(GitHubConfiguration.fromEnvironment(["GITHUB_API_URL": "http://e.example"], preferred: preferred).baseURL.absoluteString == "http://e.example")
        #expect(GitHubConfiguration.fromEnvironment(["GITHUB_API_URL": "http://e.example"], baseURL: cli, preferred: preferred).baseURL == cli)
        #expect(GitHubConfiguration.override(commandLine: nil, environment: [:]) == nil)
        #expect(GitHubConfiguration.override(commandLine: nil, environment: ["GITHUB_API_URL": "http://e.example"]) == "GITHUB_API_URL")
        #expect(GitHubConfiguration.override(commandLine: cli, environment: [:]) == "--api-url")
        #expect(OAuthConfiguration.from(apiBaseURL: preferred, environment: [:], clientID: "Iv1.pref").clientID == "Iv1.pref")
        #expect(OAuthConfiguration.from(apiBaseURL: preferred, environment: ["GITHUB_FINDER_CLIENT_ID": "Iv1.env"], clientID: "Iv1.pref").clientID == "Iv1.env")
    }
}

/// A local port nobody listens on (bound, then released).
func closedPort() -> Int {
    let socket = Foundation.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, length) } }
    _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) } }
    return Int(UInt16(bigEndian: address.sin_port))
}
