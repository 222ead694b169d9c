/// What the Sign In dialog says: its fixed texts, and those that follow `SignInViewModel.State`.
public enum SignInTexts {
    public static var title: String { tr("Sign In to GitHub") }
    public static var explanation: String {
        tr("Paste a personal access token. Signed in, GitHub allows far more requests (5,000 an hour instead of 60); the token is kept in your keyring.")
    }
    /// The token field's accessible name.
    public static var tokenField: String { tr("Personal access token") }
    public static var signIn: String { tr("Sign In") }
    public static var deviceFlow: String { tr("Sign in with GitHub…") }
    public static var codeHint: String { tr("Enter this code on the GitHub page that opened in your browser:") }
    public static var openPageAgain: String { tr("Open the GitHub Page Again") }
    public static var continueTitle: String { tr("Continue") }
}

extension SignInViewModel.State {
    /// Cancel until signed in; then nothing is left to cancel, and it closes the dialog.
    public var dismissTitle: String { isSignedIn ? tr("Close") : tr("Cancel") }

    /// The line under the token field: what is happening now, or why it failed; "" for nothing.
    public var status: String {
        switch phase {
        case .idle, .signedIn: ""
        case .validating: tr("Checking with GitHub…")
        case .failed(let message): message
        case .waitingForApproval: tr("Waiting for you to approve on GitHub…")
        }
    }

    /// "Signed in as octocat" once signed in; nil before.
    public var account: String? {
        guard case .signedIn(let login, _) = phase else { return nil }
        return tr("Signed in as {login}", ["login": login])
    }
}
