/// The two halves of the signed-in user's network, named as GitHub's paths name them.
public enum FollowDirection: String, Sendable, CaseIterable {
    /// People the user follows: `/user/following`.
    case following
    /// People who follow the user: `/user/followers`.
    case followers
}
