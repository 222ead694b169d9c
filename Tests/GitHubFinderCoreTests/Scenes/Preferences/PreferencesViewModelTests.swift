import Foundation
import Testing
@testable import GitHubFinderCore

/// The Preferences window's model with scripted actions: what it shows, what it saves, and
/// that a server is used only once it has answered as a GitHub API.
@MainActor @Suite("Preferences window")
struct PreferencesViewModelTests {
    final class Recorder {
        var used: [URL?] = []
        var clientIDs: [String?] = []
        var cacheBytes = 1_234_567
        var account: Authenticator.Account?
        var signedOut = 0
        var checkAnswer: SettingProblem?
        var checked: [URL] = []
    }

    let recorder = Recorder()
    let store = PreferencesStore(environment: ["XDG_CONFIG_HOME": FileManager.default.temporaryDirectory.appendingPathComponent("ghf-prefs-\(UUID().uuidString)").path])

    func model(serverInUse: URL = GitHubConfiguration.defaultBaseURL, serverOverride: String? = nil, clientIDOverride: String? = nil) -> PreferencesViewModel {
        let recorder = recorder
        return PreferencesViewModel(store: store, serverInUse: serverInUse, serverOverride: serverOverride, clientIDOverride: clientIDOverride, actions: .init(
            checkServer: { url in
                recorder.checked.append(url)
                return recorder.checkAnswer
            },
            useServer: { recorder.used.append($0) },
            useOAuthClientID: { recorder.clientIDs.append($0) },
            cachedByteCount: { recorder.cacheBytes },
            clearCache: { recorder.cacheBytes = 0 },
            account: { (recorder.account, recorder.account?.source == .keyring) },
            signIn: {},
            signOut: {
                recorder.signedOut += 1
                recorder.account = nil
            }))
    }

    private func settle(_ model: PreferencesViewModel) async {
        for _ in 0..<50 where model.server.isChecking { await Task.yield() }
    }

    @Test func anEnterpriseServerIsCheckedThenAddedUsedAndRemembered() async {
        let model = model()
        let ghe = URL(string: "https://ghe.example.com/api/v3")!
        #expect(model.server.text == "")
        #expect(model.server.note.hasPrefix("Searches, profiles and sign-in use GitHub.com."))
        #expect(model.servers.map(\.title) == ["GitHub.com"])
        #expect(model.servers[0].isInUse && !model.servers[0].canRemove)
        model.send(.editServer("ghe.example.com/api/v3"))
        model.send(.applyServer)
        #expect(model.server.isChecking)
        #expect(model.server.note == "Checking ghe.example.com…")
        #expect(model.servers.count == 1, "listed only once it has answered")
        await settle(model)
        #expect(recorder.checked == [ghe])
        #expect(recorder.used == [ghe])
        #expect(model.server.note == "Searches, profiles and sign-in use ghe.example.com.")
        #expect(model.server.text == "", "the entry is emptied for the next one")
        #expect(!model.server.isError)
        #expect(model.servers.map(\.title) == ["GitHub.com", "ghe.example.com"])
        #expect(model.servers.map(\.isInUse) == [false, true])
        #expect(model.servers[1].subtitle == "https://ghe.example.com/api/v3" && model.servers[1].canRemove)
        #expect(store.load().apiURL == ghe)
        #expect(store.load().servers == [ghe])

        model.send(.chooseServer(GitHubConfiguration.defaultBaseURL))
        #expect(recorder.used.last == .some(nil))
        #expect(store.load().apiURL == nil)
        #expect(store.load().servers == [ghe], "github.com in use, the server stays listed")
        #expect(model.servers.map(\.isInUse) == [true, false])

        model.send(.chooseServer(ghe))
        #expect(recorder.checked == [ghe], "a listed server is used at once, not checked again")
        #expect(recorder.used.last == .some(ghe))
        #expect(model.servers.map(\.isInUse) == [false, true])
    }

    @Test func aServerRemovedLeavesTheListAndGivesWayToGitHubCom() async {
        let a = URL(string: "https://a.example/api/v3")!, b = URL(string: "https://b.example/api/v3")!
        try? store.save(Preferences(apiURL: b, servers: [a]))
        let model = model(serverInUse: b)
        #expect(model.servers.map(\.url) == [GitHubConfiguration.defaultBaseURL, a, b], "the server in use is listed even if the file missed it")
        #expect(model.servers.map(\.isInUse) == [false, false, true])
        model.send(.removeServer(a))
        #expect(recorder.used.isEmpty, "removing another server leaves the one in use")
        #expect(model.servers.map(\.url) == [GitHubConfiguration.defaultBaseURL, b])
        model.send(.removeServer(b))
        #expect(recorder.used == [nil])
        #expect(model.servers.map(\.url) == [GitHubConfiguration.defaultBaseURL])
        #expect(model.servers[0].isInUse)
        #expect(store.load() == Preferences(apiURL: nil, servers: []))
        model.send(.removeServer(GitHubConfiguration.defaultBaseURL))
        #expect(model.servers.count == 1, "github.com cannot be removed")
    }

    @Test func addingAListedServerAgainUsesItWithoutAsking() {
        let ghe = URL(string: "https://ghe.example.com/api/v3")!
        try? store.save(Preferences(servers: [ghe]))
        let model = model()
        model.send(.editServer("https://ghe.example.com/api/v3/"))
        model.send(.applyServer)
        #expect(recorder.checked.isEmpty)
        #expect(recorder.used == [ghe])
        #expect(model.servers.count == 2)
    }

    @Test func aServerThatIsNotAGitHubAPIIsNotUsed() async {
        recorder.checkAnswer = SettingProblem(message: "The server at intranet.example answered, but not as a GitHub API does.")
        let model = model()
        model.send(.editServer("https://intranet.example"))
        model.send(.applyServer)
        await settle(model)
        #expect(recorder.used.isEmpty)
        #expect(model.server.isError)
        #expect(model.server.note == "The server at intranet.example answered, but not as a GitHub API does.")
        #expect(model.server.text == "https://intranet.example", "what was typed stays, to be corrected")
        #expect(store.load().apiURL == nil)
    }

    @Test func aMalformedAddressIsRefusedAsItIsTypedAndNeverChecked() {
        let model = model()
        model.send(.editServer("ftp://ghe.example.com"))
        #expect(model.server.isError)
        #expect(model.server.note == "The address must start with https:// (or http://).")
        model.send(.applyServer)
        #expect(recorder.checked.isEmpty && recorder.used.isEmpty)
        model.send(.editServer(""))
        #expect(!model.server.isError)
    }

    @Test func editingAgainCancelsTheCheck() async {
        let model = model()
        model.send(.editServer("https://a.example/api/v3"))
        model.send(.applyServer)
        model.send(.editServer("https://b.example/api/v3"))
        await settle(model)
        for _ in 0..<20 { await Task.yield() }
        #expect(recorder.used.isEmpty, "the answer about a.example came after it was no longer wanted")
        #expect(!model.server.isChecking)
    }

    @Test func theCommandLineLocksTheServerAndSaysSo() {
        let model = model(serverInUse: URL(string: "http://127.0.0.1:8787")!, serverOverride: "--api-url")
        #expect(!model.server.isEditable)
        #expect(model.server.note == "This run uses 127.0.0.1:8787, as --api-url says. Start the app without it to choose here.")
        #expect(model.servers.map(\.title) == ["127.0.0.1:8787"], "only the server of this run is listed")
        #expect(model.servers[0].isInUse && !model.servers[0].canRemove)
        model.send(.applyServer)
        model.send(.chooseServer(GitHubConfiguration.defaultBaseURL))
        #expect(recorder.checked.isEmpty && recorder.used.isEmpty)
    }

    @Test func theClientIDIsValidatedSavedAndUsed() {
        let model = model()
        model.send(.editClientID("Iv1 bad"))
        model.send(.applyClientID)
        #expect(model.clientID.isError)
        #expect(recorder.clientIDs.isEmpty)
        model.send(.editClientID(" Iv1.0123abcd "))
        model.send(.applyClientID)
        #expect(recorder.clientIDs == ["Iv1.0123abcd"])
        #expect(store.load().oauthClientID == "Iv1.0123abcd")
        #expect(model.clientID.note == "Sign In offers to sign in by entering a code on GitHub.")
        let locked = self.model(clientIDOverride: "GITHUB_FINDER_CLIENT_ID")
        #expect(!locked.clientID.isEditable)
        #expect(locked.clientID.note == "This run uses the client ID in GITHUB_FINDER_CLIENT_ID.")
    }

    @Test func theCacheShowsItsSizeAndEmpties() {
        let model = model()
        #expect(model.cacheSummary.hasSuffix("MB kept until you quit"))
        #expect(model.canClearCache)
        model.send(.clearCache)
        #expect(model.cacheSummary == "Nothing is cached")
        #expect(!model.canClearCache)
        recorder.cacheBytes = 2_000
        model.send(.refresh)
        #expect(model.cacheSummary.hasSuffix("kB kept until you quit"))
    }

    @Test func theAccountRowFollowsWhoIsSignedIn() {
        let model = model()
        #expect(model.accountTitle == "Not signed in")
        #expect(model.accountButton == .signIn)
        recorder.account = Authenticator.Account(login: "octocat", source: .keyring)
        #expect(model.accountTitle == "octocat")
        #expect(model.accountNote == "Your token is kept in the keyring.")
        #expect(model.accountButton == .signOut)
        model.send(.signOut)
        #expect(recorder.signedOut == 1)
        #expect(model.accountButton == .signIn)
        recorder.account = Authenticator.Account(login: "ci", source: .environment)
        #expect(model.accountButton == .none, "an environment token cannot be signed out here")
    }
}
