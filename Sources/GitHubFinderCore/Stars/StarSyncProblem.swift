import Foundation

/// A star change GitHub refused: it was rolled back here, and the user is told why, in GitHub's
/// words and with the scope or permission the token lacks when the answer names it.
public struct StarSyncProblem: Identifiable, Equatable, Sendable {
    /// Increases with each problem, so two refusals of the same change are two toasts.
    public let id: Int
    public let repositoryID: Int64
    /// "owner/name".
    public let fullName: String
    public let action: StarChange.Action
    /// The sentence for the toast.
    public let message: String

    init(id: Int, change: StarChange, error: GitHubError) {
        self.id = id
        repositoryID = change.repositoryID
        fullName = change.fullName
        action = change.action
        message = Self.message(for: change, error: error)
    }

    /// "GitHub refused to star octocat/Hello-World: Not Found. A classic token needs the
    /// public_repo scope to star."
    static func message(for change: StarChange, error: GitHubError) -> String {
        var reason = error.refusalReason
        while reason.hasSuffix(".") { reason.removeLast() }
        let values: KeyValuePairs<String, String> = ["repository": change.fullName, "reason": reason]
        let refusal = switch change.action {
        case .star: // TRANSLATORS: {reason} is GitHub's own message, in English.
            tr("GitHub refused to star {repository}: {reason}.", values)
        case .unstar: // TRANSLATORS: {reason} is GitHub's own message, in English.
            tr("GitHub refused to unstar {repository}: {reason}.", values)
        }
        guard let hint = hint(error) else { return refusal }
        return refusal + " " + hint
    }

    /// What the token lacks, when the answer's headers tell it.
    private static func hint(_ error: GitHubError) -> String? {
        guard case .refused(let refusal) = error else { return nil }
        if let scope = refusal.missingScope {
            // TRANSLATORS: {scope} is a GitHub OAuth scope name such as public_repo; keep it as is.
            return tr("A classic token needs the {scope} scope to star.", ["scope": scope])
        }
        if refusal.tokenScopes == nil, refusal.acceptedPermissions.contains(where: { $0.hasPrefix("starring") }) {
            return tr("A fine-grained token needs the Starring permission (read and write) to star.")
        }
        return nil
    }
}
