import Foundation

/// Renders data-set records in the exact shapes api.github.com uses, `null`s included.
public enum FixtureJSON {
    static func userSummary(_ user: FixtureUser, base: String) -> [String: Any] {
        let api = "\(base)/users/\(user.login)"
        return [
            "login": user.login, "id": user.id, "node_id": "MDQ6VXNlcj\(user.id)",
            "avatar_url": "\(base)/avatars/u/\(user.id)?v=4", "gravatar_id": "",
            "url": api, "html_url": "https://github.com/\(user.login)",
            "followers_url": "\(api)/followers", "following_url": "\(api)/following{/other_user}",
            "gists_url": "\(api)/gists{/gist_id}", "starred_url": "\(api)/starred{/owner}{/repo}",
            "subscriptions_url": "\(api)/subscriptions", "organizations_url": "\(api)/orgs",
            "repos_url": "\(api)/repos", "events_url": "\(api)/events{/privacy}",
            "received_events_url": "\(api)/received_events", "type": user.type,
            "user_view_type": "public", "site_admin": false,
        ]
    }

    static func searchItem(_ user: FixtureUser, base: String, score: Double) -> [String: Any] {
        var item = userSummary(user, base: base)
        item["score"] = score
        return item
    }

    static func profile(_ user: FixtureUser, base: String) -> [String: Any] {
        var object = userSummary(user, base: base)
        let optional: [String: String?] = [
            "name": user.name, "company": user.company, "location": user.location, "bio": user.bio,
            "twitter_username": user.twitterUsername, "email": nil, "blog": user.blog ?? "",
        ]
        for (key, value) in optional { object[key] = value ?? NSNull() }
        object["hireable"] = user.hireable.map { $0 as Any } ?? NSNull()
        object["public_repos"] = user.publicRepos
        object["public_gists"] = user.publicGists
        object["followers"] = user.followers
        object["following"] = user.following
        object["created_at"] = user.createdAt
        object["updated_at"] = user.updatedAt
        return object
    }

    /// A search response body exactly as `/search/users` serves it.
    public static func searchBody(_ users: ArraySlice<FixtureUser>, total: Int, base: String, score: (FixtureUser) -> Double) -> Data {
        encode(["total_count": total, "incomplete_results": false, "items": users.map { searchItem($0, base: base, score: score($0)) }])
    }

    static func error(_ message: String, status: Int, errors: [[String: String]]? = nil) -> Data {
        var body: [String: Any] = ["message": message, "documentation_url": "https://docs.github.com/rest", "status": String(status)]
        if let errors { body["errors"] = errors }
        return encode(body)
    }

    static func encode(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data("{}".utf8)
    }

    static func iso(_ epoch: Int) -> String {
        Date(timeIntervalSince1970: TimeInterval(epoch)).formatted(.iso8601)
    }
}
