import Foundation

/// Follow / Unfollow in a person's detail, signed in: whether the account follows them (asked
/// of GitHub, never guessed), and whether a change is on its way.
public struct FollowState: Equatable, Sendable {
    /// Nil while GitHub is asked.
    public var isFollowing: Bool?
    /// A change was made here and GitHub has not answered yet: shown at once, rolled back if
    /// GitHub refuses it.
    public var isChanging = false

    public init(isFollowing: Bool?, isChanging: Bool = false) {
        self.isFollowing = isFollowing
        self.isChanging = isChanging
    }

    /// The button's text and accessible name (DESIGN §5): what pressing it does.
    public var label: String { isFollowing == true ? tr("Unfollow") : tr("Follow") }
    /// Pressable once the state is known and nothing is on its way.
    public var isEnabled: Bool { isFollowing != nil && !isChanging }

    /// The toast for a follow or unfollow that did not happen; for one GitHub would not make, in its words, with the scope or
    /// permission the token lacks when the answer names it: "GitHub refused to follow mojombo:
    /// Not Found. A classic token needs the user:follow scope to follow people: sign in again
    /// to grant it."
    public static func failureMessage(login: String, follow: Bool, error: GitHubError) -> String {
        guard error.isRefusal else {
            // Not an answer about the change (offline, rate limited, a 5xx): said as it is.
            let values: KeyValuePairs<String, String> = ["login": login, "reason": error.localizedDescription]
            return follow ? tr("Could not follow {login}. {reason}", values) : tr("Could not unfollow {login}. {reason}", values)
        }
        var reason = error.refusalReason
        while reason.hasSuffix(".") { reason.removeLast() }
        let values: KeyValuePairs<String, String> = ["login": login, "reason": reason]
        let refusal = if follow {
            // TRANSLATORS: {reason} is GitHub's own message, in English.
            tr("GitHub refused to follow {login}: {reason}.", values)
        } else {
            // TRANSLATORS: {reason} is GitHub's own message, in English.
            tr("GitHub refused to unfollow {login}: {reason}.", values)
        }
        guard case .refused(let refused) = error else { return refusal }
        if let scope = refused.missingScope {
            // TRANSLATORS: {scope} is a GitHub OAuth scope name such as user:follow; keep it as is.
            return refusal + " " + tr("A classic token needs the {scope} scope to follow people: sign in again to grant it.", ["scope": scope])
        }
        if refused.tokenScopes == nil, refused.acceptedPermissions.contains(where: { $0.hasPrefix("followers") }) {
            return refusal + " " + tr("A fine-grained token needs the Followers permission (read and write) to follow people.")
        }
        return refusal
    }
}
