import Foundation
import GitHubFinderCore
import GitHubFinderKeyring

// keyring-probe save TOKEN LOGIN | load | delete — one LibsecretTokenStore call per process, so
// a test sees what a restarted app sees. Prints one line: ok, none, token LOGIN TOKEN,
// unavailable: REASON or failed: REASON.
let store = LibsecretTokenStore(server: URL(string: "http://keyring-probe.invalid")!)
let arguments = Array(CommandLine.arguments.dropFirst())
do throws(TokenStoreError) {
    switch arguments.first {
    case "save" where arguments.count == 3:
        try store.save(StoredToken(token: arguments[1], login: arguments[2]))
        print("ok")
    case "load":
        if let stored = try store.load() { print("token \(stored.login) \(stored.token)") } else { print("none") }
    case "delete":
        try store.delete()
        print("ok")
    default:
        print("usage: keyring-probe save TOKEN LOGIN | load | delete")
        exit(2)
    }
} catch {
    switch error {
    case .unavailable(let reason): print("unavailable: \(reason)")
    case .failed(let reason): print("failed: \(reason)")
    }
}
