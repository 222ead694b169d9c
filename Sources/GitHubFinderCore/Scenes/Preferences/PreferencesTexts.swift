import Foundation

/// The Preferences window's sentences that depend on the settings.
public enum PreferencesTexts {
    /// Under the API address: what the app uses now, and who decided it.
    public static func serverNote(_ url: URL, override: String?) -> String {
        let address = ServerAddress.displayName(url)
        if let override {
            // TRANSLATORS: {address} is a server such as api.github.com; {setting} is "--api-url" or "GITHUB_API_URL".
            return tr("This run uses {address}, as {setting} says. Start the app without it to choose here.", ["address": address, "setting": override])
        }
        if ServerAddress.isGitHubCom(url) {
            return tr("Searches, profiles and sign-in use GitHub.com. To add a GitHub Enterprise server, enter its API address, such as https://github.example.com/api/v3.")
        }
        return tr("Searches, profiles and sign-in use {address}.", ["address": address])
    }

    /// Under the OAuth client ID: what it is for.
    public static func clientIDNote(override: String?, saved: String?) -> String {
        if let override {
            // TRANSLATORS: {setting} is the name of an environment variable.
            return tr("This run uses the client ID in {setting}.", ["setting": override])
        }
        return saved == nil
            ? tr("With the client ID of an OAuth app that allows the device flow, you sign in by entering a code on GitHub. Without one, sign in with a personal access token.")
            : tr("Sign In offers to sign in by entering a code on GitHub.")
    }

    /// Under the account: where the token is kept.
    public static func accountNote(_ source: Authenticator.Source?) -> String {
        switch source {
        case nil: tr("Signed in, you can search more often: 30 searches a minute instead of 10.")
        case .keyring: tr("Your token is kept in the keyring.")
        case .session: tr("No keyring is available: you stay signed in until you quit.")
        case .environment: tr("The token comes from GH_TOKEN or GITHUB_TOKEN. To sign out, start the app without it.")
        }
    }

    /// The confirmation asked before signing out: title, body, and its two buttons.
    public static var signOutQuestion: Confirmation {
        Confirmation(title: tr("Sign Out?"), body: tr("Your token is removed from the keyring. Your favorites stay."),
                     cancel: tr("_Cancel"), confirm: tr("_Sign Out"), isDestructive: true)
    }

    /// The cache row's button, and the account row's. No mnemonics: GTK 4.8 names a button
    /// "_Clear Clear" to screen readers when its label has one.
    public static var clearCache: String { tr("Clear") }
    public static var signIn: String { tr("Sign In…") }
    public static var signOut: String { tr("Sign Out") }
    /// A server row's remove button, named for screen readers and in its tooltip.
    public static func removeServer(_ title: String) -> String {
        // TRANSLATORS: {server} is a server's name, such as github.example.com.
        tr("Remove {server}", ["server": title])
    }

    /// What removing a server keeps, in the remove button's tooltip.
    public static var removeServerNote: String { tr("Its favorites stay on this computer for when you add it again.") }

    /// GNOME Shell Search › Also Search GitHub: the switch's title (its accessible name) and what it does.
    public static var shellSearchGitHub: String { tr("Also Search GitHub") }
    public static var shellSearchGitHubNote: String {
        tr("People on GitHub among the Activities overview's results, after a pause in typing. Off, the results are your favorites and recent searches, with no request.")
    }
}

/// A question with Cancel and one action (AdwMessageDialog).
public struct Confirmation: Equatable, Sendable {
    public var title: String
    public var body: String
    public var cancel: String
    public var confirm: String
    public var isDestructive: Bool
}
