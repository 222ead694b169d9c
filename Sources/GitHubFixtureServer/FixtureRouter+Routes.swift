import FlyingFox
import Foundation

extension FixtureRouter {
    /// `GET /users/{login}`: the profile, with an ETag for conditional requests and the follow
    /// counts the follower lists agree with.
    func user(_ context: FixtureContext) -> HTTPResponse {
        guard let user = data.user(login: context.pathParts[1]) else {
            return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
        return cacheable(context, FixtureJSON.encode(FixtureJSON.profile(withFollowCounts(user), base: context.base)))
    }

    /// `GET /users/{login}/repos`, `/user/{id}/repos` (where GitHub's own Link URLs point) and
    /// `/user/repos` (the signed-in account's).
    func repositories(_ context: FixtureContext) -> HTTPResponse {
        let key = context.pathParts[1]
        let owner: FixtureUser?
        if context.pathParts.count == 2 {
            // `/user/repos`: the token's own (the double's accounts have only public ones).
            guard let grant = context.grant else { return context.json(401, FixtureJSON.error("Requires authentication", status: 401)) }
            owner = data.user(login: grant.login)
        } else {
            owner = context.pathParts[0] == "user" ? Int64(key).flatMap(data.user(id:)) : data.user(login: key)
        }
        guard let owner else { return context.json(404, FixtureJSON.error("Not Found", status: 404)) }
        let query = context.query
        let sort = query["sort"] ?? "full_name"
        let descending = (query["direction"] ?? (sort == "full_name" ? "asc" : "desc")) == "desc"
        var repos = (data.repositoriesByUser[owner.id] ?? []) + news.repositories(of: owner.id)
        repos.sort { a, b in
            let ordered: Bool = switch sort {
            case "pushed", "updated": (a.pushedAt, a.id) < (b.pushedAt, b.id)
            case "created": (a.createdAt, a.id) < (b.createdAt, b.id)
            default: (a.name.lowercased(), a.id) < (b.name.lowercased(), b.id)
            }
            return descending ? !ordered : ordered
        }
        let sent = [("sort", sort), ("direction", descending ? "desc" : "asc")].filter { query[$0.0] != nil }
        return listPage(context, repos, linkPath: "/user/\(owner.id)/repos", parameters: sent) { FixtureJSON.repository($0, owner: owner, base: context.base) }
    }

    /// One page of a list endpoint as a JSON array with an ETag, and a `Link` to `linkPath`
    /// carrying `parameters` and always `per_page`, as GitHub's do.
    func listPage<Item>(_ context: FixtureContext, _ items: [Item], linkPath: String, parameters: [(String, String)], render: (Item) -> Any) -> HTTPResponse {
        let paging = Self.paging(context.query, count: items.count)
        let body = FixtureJSON.encode(items[paging.range].map(render))
        let link = Self.link(base: context.base + linkPath, parameters: parameters + [("per_page", String(paging.perPage))], page: paging.page, lastPage: paging.lastPage)
        var extra: [HTTPHeader: String] = [.eTag: Self.etag(body)]
        extra[HTTPHeader("Link")] = link
        return context.json(200, body, extra: extra)
    }

    /// `GET /avatars/u/{id}?s=N`: a real PNG of N×N pixels (1…460, default 460).
    func avatar(_ context: FixtureContext) -> HTTPResponse {
        guard let id = Int64(context.pathParts[2]), data.user(id: id) != nil else {
            return HTTPResponse(statusCode: .notFound, headers: [.contentType: "text/plain"], body: Data("Not Found".utf8))
        }
        let size = Int(context.query["s"] ?? "").map { (1...460).contains($0) ? $0 : 460 } ?? 460
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png", .cacheControl: "max-age=300"], body: PNGImage.identicon(seed: id, size: size))
    }

    /// `GET /rate_limit`: every bucket, without spending any.
    func rateLimit(_ context: FixtureContext) -> HTTPResponse {
        var resources: [String: Any] = [:]
        for name in ["core", "search"] {
            let bucket = state.bucket(name, authenticated: context.isAuthenticated)
            resources[name] = ["limit": bucket.limit, "remaining": max(bucket.limit - bucket.used, 0), "used": bucket.used, "reset": Int(bucket.resetsAt.timeIntervalSince1970), "resource": name]
        }
        return context.json(200, FixtureJSON.encode(["resources": resources, "rate": resources["core"] ?? [:]]))
    }

    static func perPage(_ query: [String: String]) -> Int {
        Int(query["per_page"] ?? "").map { min(max($0, 1), 100) } ?? 30
    }

    /// The slice of `count` items that `page` (from 1, default 1) and `per_page` ask for.
    static func paging(_ query: [String: String], count: Int) -> (perPage: Int, page: Int, lastPage: Int, range: Range<Int>) {
        let perPage = perPage(query)
        // Bounded, so an absurd page number cannot overflow the arithmetic.
        let page = min(max(Int(query["page"] ?? "") ?? 1, 1), 1_000_000)
        let start = min((page - 1) * perPage, count)
        return (perPage, page, max(1, (count + perPage - 1) / perPage), start..<min(start + perPage, count))
    }

    /// GitHub's order: prev, next, last, first; absent when everything fits on one page.
    static func link(base: String, parameters: [(String, String)], page: Int, lastPage: Int) -> String? {
        guard lastPage > 1 else { return nil }
        let prefix = base + "?" + parameters.map { "\($0.0)=\(FixtureQuery.encode($0.1))" }.joined(separator: "&")
        var links: [String] = []
        if page > 1 { links.append("<\(prefix)&page=\(min(page - 1, lastPage))>; rel=\"prev\"") }
        if page < lastPage { links += ["<\(prefix)&page=\(page + 1)>; rel=\"next\"", "<\(prefix)&page=\(lastPage)>; rel=\"last\""] }
        if page > 1 { links.append("<\(prefix)&page=1>; rel=\"first\"") }
        return links.isEmpty ? nil : links.joined(separator: ", ")
    }

    /// A weak ETag over the body (FNV-1a), as GitHub sends for profiles and lists.
    static func etag(_ body: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return "W/\"\(String(hash, radix: 16))\""
    }
}
