import FlyingFox
import Foundation

extension FixtureRouter {
    /// `GET /search/users?q=&sort=&order=&per_page=&page=` with GitHub's paging, 1,000 cap and 422s.
    func searchUsers(_ context: FixtureContext) -> HTTPResponse {
        let query = context.query
        let search: FixtureSearch
        do {
            search = try FixtureSearch(query: query["q"] ?? "")
        } catch .missingQuery {
            return context.json(422, FixtureJSON.error("Validation Failed", status: 422, errors: [["resource": "Search", "field": "q", "code": "missing"]]))
        } catch {
            return context.json(422, FixtureJSON.error("Validation Failed", status: 422, errors: [["message": "The search is longer than 256 characters.", "resource": "Search", "field": "q", "code": "invalid"]]))
        }
        let sort = FixtureSearch.Sort(rawValue: query["sort"] ?? "") ?? .bestMatch
        let ascending = sort != .bestMatch && query["order"] == "asc"
        let perPage = Self.perPage(query)
        let page = max(Int(query["page"] ?? "") ?? 1, 1)
        guard (page - 1) * perPage < 1_000 else {
            return context.json(422, FixtureJSON.error("Only the first 1000 search results are available", status: 422))
        }
        let results = search.results(in: data, sort: sort, ascending: ascending)
        let reachable = min(results.count, 1_000)
        let lastPage = max(1, (reachable + perPage - 1) / perPage)
        let start = min((page - 1) * perPage, reachable)
        let slice = results[start..<min(start + perPage, reachable)]
        let body = FixtureJSON.searchBody(slice, total: results.count, base: context.base, score: search.score)
        var parameters = [("q", query["q"] ?? "")]
        if sort != .bestMatch { parameters += [("sort", sort.rawValue), ("order", ascending ? "asc" : "desc")] }
        parameters.append(("per_page", String(perPage)))
        let link = Self.link(base: "\(context.base)/search/users", parameters: parameters, page: page, lastPage: lastPage)
        return context.json(200, body, extra: link.map { [.cacheControl: "no-cache", HTTPHeader("Link"): $0] } ?? [.cacheControl: "no-cache"])
    }

    /// `GET /users/{login}`: the profile, with an ETag for conditional requests.
    func user(_ context: FixtureContext) -> HTTPResponse {
        guard let user = data.user(login: context.pathParts[1]) else {
            return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
        let body = FixtureJSON.encode(FixtureJSON.profile(user, base: context.base))
        return context.json(200, body, extra: [.cacheControl: "public, max-age=60, s-maxage=60", .eTag: Self.etag(body)])
    }

    /// `GET /users/{login}/repos` and `/user/{id}/repos` (where GitHub's own Link URLs point).
    func repositories(_ context: FixtureContext) -> HTTPResponse {
        let key = context.pathParts[1]
        let owner = context.pathParts[0] == "user" ? Int64(key).flatMap(data.user(id:)) : data.user(login: key)
        guard let owner else { return context.json(404, FixtureJSON.error("Not Found", status: 404)) }
        let query = context.query
        let sort = query["sort"] ?? "full_name"
        let descending = (query["direction"] ?? (sort == "full_name" ? "asc" : "desc")) == "desc"
        var repos = data.repositoriesByUser[owner.id] ?? []
        repos.sort { a, b in
            let ordered: Bool = switch sort {
            case "pushed", "updated": (a.pushedAt, a.id) < (b.pushedAt, b.id)
            case "created": (a.createdAt, a.id) < (b.createdAt, b.id)
            default: (a.name.lowercased(), a.id) < (b.name.lowercased(), b.id)
            }
            return descending ? !ordered : ordered
        }
        let perPage = Self.perPage(query)
        let page = max(Int(query["page"] ?? "") ?? 1, 1)
        let lastPage = max(1, (repos.count + perPage - 1) / perPage)
        let start = min((page - 1) * perPage, repos.count)
        let items = repos[start..<min(start + perPage, repos.count)].map { FixtureJSON.repository($0, owner: owner, base: context.base) }
        var parameters = [("sort", sort), ("direction", descending ? "desc" : "asc"), ("per_page", String(perPage))]
        parameters = parameters.filter { query[$0.0] != nil }
        if query["per_page"] == nil { parameters.append(("per_page", String(perPage))) }
        let link = Self.link(base: "\(context.base)/user/\(owner.id)/repos", parameters: parameters, page: page, lastPage: lastPage)
        let body = FixtureJSON.encode(items)
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
