import Foundation

/// The header bar's note of who is signed in (also its accessible name).
public enum AccountSummary {
    public static func text(_ account: Authenticator.Account?) -> String {
        switch account?.source {
        case nil: tr("Not signed in")
        case .environment: account?.login.map { tr("{login} (from environment)", ["login": $0]) } ?? tr("Signed in from environment")
        case .keyring, .session: account?.login ?? tr("Signed in")
        }
    }
}
