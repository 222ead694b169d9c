import FlyingFox
import Foundation

extension FixtureRouter {
    /// `/user/following` (GET, paged) and `/user/following/{username}` (GET: 204 if the token's
    /// account follows them, else 404; PUT and DELETE: 204, idempotent). Every one needs a token
    /// (401 without).
    ///
    /// Following and unfollowing also need the right to, as starring does (see `starred`): a
    /// classic token without `user:follow` or `user` gets **404**, a fine-grained token without
    /// the Followers permission **403**. Following oneself answers 204 and changes nothing: GitHub
    /// documents no error for it, and a client's authors saw "the same status code … as if you
    /// were to follow someone else" without becoming their own follower (github-tools/github#553).
    func following(_ context: FixtureContext) -> HTTPResponse {
        guard let grant = context.grant, let me = data.user(login: grant.login) else { return requiresAuthentication(context) }
        let parts = context.pathParts
        let method = context.request.method
        guard parts.count == 3 else {
            return method == .GET ? followList(context, follows.following(of: me.id), linkPath: "/user/following") : notFound(context)
        }
        guard let other = data.user(login: parts[2]) else { return notFound(context) }
        if method == .GET {
            return follows.isFollowing(other.id, by: me.id) ? context.empty(204) : notFound(context)
        }
        guard method == .PUT || method == .DELETE else { return notFound(context) }
        let accepted: [HTTPHeader: String] = [HTTPHeader("X-Accepted-OAuth-Scopes"): "user, user:follow"]
        guard grant.mayFollow else {
            if grant.isFineGrained {
                return context.json(403, FixtureJSON.error("Resource not accessible by personal access token", status: 403),
                                    extra: [HTTPHeader("X-Accepted-GitHub-Permissions"): "followers=write"])
            }
            return context.json(404, FixtureJSON.error("Not Found", status: 404), extra: accepted)
        }
        if method == .PUT { follows.follow(other.id, by: me.id) } else { follows.unfollow(other.id, by: me.id) }
        return context.empty(204, extra: accepted)
    }

    /// `GET /user/followers`: the token's followers; 401 without one.
    func followers(_ context: FixtureContext) -> HTTPResponse {
        guard let me = context.login.flatMap(data.user(login:)) else { return requiresAuthentication(context) }
        guard context.request.method == .GET else { return notFound(context) }
        return followList(context, follows.followers(of: me.id), linkPath: "/user/followers")
    }

    /// `GET /users/{username}/followers` and `…/following`, also served as `/user/{id}/…` where
    /// GitHub's own Link URLs point (as for repositories), and `GET /users/{username}/following/{target}`
    /// (204 if they follow target, else 404). No token needed; 404 for an unknown account.
    func userFollows(_ context: FixtureContext) -> HTTPResponse {
        let parts = context.pathParts
        let owner = parts[0] == "user" ? Int64(parts[1]).flatMap(data.user(id:)) : data.user(login: parts[1])
        guard let owner, context.request.method == .GET else { return notFound(context) }
        if parts.count == 4 {
            guard let target = data.user(login: parts[3]) else { return notFound(context) }
            return follows.isFollowing(target.id, by: owner.id) ? context.empty(204) : notFound(context)
        }
        let ids = context.route == .userFollowers ? follows.followers(of: owner.id) : follows.following(of: owner.id)
        return followList(context, ids, linkPath: "/user/\(owner.id)/\(parts[2])")
    }

    /// `user` with the followers and following the graph holds now, for profiles.
    func withFollowCounts(_ user: FixtureUser) -> FixtureUser {
        var user = user
        user.followers = follows.followers(of: user.id).count
        user.following = follows.following(of: user.id).count
        return user
    }

    /// Newest follow first, as GitHub's web pages show them, each account as a simple user.
    /// GitHub documents no order for these lists (one client's authors saw them oldest first,
    /// k0shk0sh/FastHub#75), so a client must not rely on it.
    private func followList(_ context: FixtureContext, _ ids: [Int64], linkPath: String) -> HTTPResponse {
        let people = ids.reversed().compactMap(data.user(id:))
        return listPage(context, people, linkPath: linkPath, parameters: []) { FixtureJSON.userSummary($0, base: context.base) }
    }

    private func requiresAuthentication(_ context: FixtureContext) -> HTTPResponse {
        context.json(401, FixtureJSON.error("Requires authentication", status: 401))
    }
}
