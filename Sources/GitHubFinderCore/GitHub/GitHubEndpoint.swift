import Foundation

/// Builds request URLs under the configured base URL, percent-encoding every query value so it
/// reaches the server exactly as typed (spaces, `+`, `#`, `&`, `:`, `>`, quotes, emoji…).
enum GitHubEndpoint {
    /// RFC 3986 unreserved characters; everything else in a query value is percent-encoded.
    private static let unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func encode(_ value: String) -> String {
        value.addingPercentEncoding(withAllowedCharacters: unreserved) ?? value
    }

    static func searchUsers(_ request: UserSearchRequest, base: URL) -> URL {
        var items = [("q", request.query.text)]
        if request.sort != .bestMatch {
            items.append(("sort", request.sort.rawValue))
            items.append(("order", request.order.rawValue))
        }
        items.append(("per_page", String(request.perPage)))
        return url(base: base, path: "/search/users", query: items)
    }

    static func searchRepositories(_ request: RepositorySearchRequest, base: URL) -> URL {
        var items = [("q", request.query.text)]
        if let sort = request.sort.apiValue {
            items.append(("sort", sort))
            items.append(("order", request.order.rawValue))
        }
        items.append(("per_page", String(request.perPage)))
        return url(base: base, path: "/search/repositories", query: items)
    }

    static func user(_ login: String, base: URL) -> URL {
        url(base: base, path: "/users/\(encode(login))", query: [])
    }

    static func repositories(_ login: String, perPage: Int, base: URL) -> URL {
        url(base: base, path: "/users/\(encode(login))/repos", query: [
            ("sort", "pushed"), ("direction", "desc"), ("per_page", String(min(max(perPage, 1), 100))),
        ])
    }

    static func repository(owner: String, name: String, base: URL) -> URL {
        url(base: base, path: "/repos/\(encode(owner))/\(encode(name))", query: [])
    }

    static func languages(owner: String, name: String, base: URL) -> URL {
        url(base: base, path: "/repos/\(encode(owner))/\(encode(name))/languages", query: [])
    }

    static func readme(owner: String, name: String, base: URL) -> URL {
        url(base: base, path: "/repos/\(encode(owner))/\(encode(name))/readme", query: [])
    }

    static func latestRelease(owner: String, name: String, base: URL) -> URL {
        url(base: base, path: "/repos/\(encode(owner))/\(encode(name))/releases/latest", query: [])
    }

    static func release(owner: String, name: String, tag: String, base: URL) -> URL {
        url(base: base, path: "/repos/\(encode(owner))/\(encode(name))/releases/tags/\(encode(tag))", query: [])
    }

    /// A repository's newest releases (What's New reads the first `perPage`).
    static func releases(owner: String, name: String, perPage: Int, base: URL) -> URL {
        url(base: base, path: "/repos/\(encode(owner))/\(encode(name))/releases", query: [("per_page", String(min(max(perPage, 1), 100)))])
    }

    /// A person's repositories, the most recently created first.
    static func createdRepositories(_ login: String, perPage: Int, base: URL) -> URL {
        url(base: base, path: "/users/\(encode(login))/repos", query: [
            ("sort", "created"), ("direction", "desc"), ("per_page", String(min(max(perPage, 1), 100))),
        ])
    }

    /// The signed-in user's starred repositories, newest star first (GitHub's default order).
    static func starred(perPage: Int, base: URL) -> URL {
        url(base: base, path: "/user/starred", query: [("per_page", String(min(max(perPage, 1), 100)))])
    }

    /// One repository in the signed-in user's stars: `PUT` stars it, `DELETE` unstars it.
    static func starredRepository(owner: String, name: String, base: URL) -> URL {
        url(base: base, path: "/user/starred/\(encode(owner))/\(encode(name))", query: [])
    }

    /// Whom the signed-in user follows (`following`) or who follows them (`followers`), newest
    /// first as GitHub lists them.
    static func network(_ direction: FollowDirection, perPage: Int, base: URL) -> URL {
        url(base: base, path: "/user/\(direction.rawValue)", query: [("per_page", String(min(max(perPage, 1), 100)))])
    }

    /// One person in the signed-in user's follows: `GET` 204 when followed (404 when not), `PUT`
    /// follows, `DELETE` unfollows.
    static func followedUser(_ login: String, base: URL) -> URL {
        url(base: base, path: "/user/following/\(encode(login))", query: [])
    }

    /// The signed-in user's own repositories (private ones too, as the token allows), most
    /// recently pushed first.
    static func yourRepositories(perPage: Int, base: URL) -> URL {
        url(base: base, path: "/user/repos", query: [("type", "owner"), ("sort", "pushed"), ("per_page", String(min(max(perPage, 1), 100)))])
    }

    static func rateLimit(base: URL) -> URL {
        url(base: base, path: "/rate_limit", query: [])
    }

    /// Joins `path` to the base URL's own path (GitHub Enterprise serves the API under `/api/v3`).
    private static func url(base: URL, path: String, query: [(String, String)]) -> URL {
        var text = base.absoluteString
        while text.hasSuffix("/") { text.removeLast() }
        text += path
        if !query.isEmpty {
            text += "?" + query.map { "\(encode($0.0))=\(encode($0.1))" }.joined(separator: "&")
        }
        // Every component was percent-encoded above, so this cannot fail for a valid base URL.
        return URL(string: text)!
    }
}
