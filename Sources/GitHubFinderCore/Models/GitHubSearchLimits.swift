/// What GitHub's search serves, in every scope.
public enum GitHubSearchLimits {
    /// At most this many results for any search, whatever `total_count` says.
    public static let resultCap = 1_000
}
