import FlyingFox
import Foundation

extension FixtureRouter {
    /// `/user/starred` (GET, paged) and `/user/starred/{owner}/{repo}` (GET: 204 if starred,
    /// else 404; PUT and DELETE: 204, idempotent). Every one needs a token (401 without).
    ///
    /// Starring and unstarring also need the right to: a classic token without `public_repo` or
    /// `repo` gets **404** — GitHub answers 404 rather than 403 when a token lacks a scope, "to
    /// avoid confirming the existence" of resources ("Troubleshooting the REST API") — and a
    /// fine-grained token without the Starring permission gets **403** "Resource not accessible
    /// by personal access token" (same page, "Resource not accessible").
    func starred(_ context: FixtureContext) -> HTTPResponse {
        guard let grant = context.grant else {
            return context.json(401, FixtureJSON.error("Requires authentication", status: 401))
        }
        let parts = context.pathParts
        guard parts.count == 4 else {
            return context.request.method == .GET ? starredList(context, login: grant.login) : notFound(context)
        }
        guard let repo = repository(owner: parts[2], name: parts[3]) else { return notFound(context) }
        let method = context.request.method
        if method == .GET {
            return stars.isStarred(repo.id, by: grant.login) ? context.empty(204) : notFound(context)
        }
        guard method == .PUT || method == .DELETE else { return notFound(context) }
        let accepted: [HTTPHeader: String] = [HTTPHeader("X-Accepted-OAuth-Scopes"): "public_repo, repo"]
        guard grant.mayStar else {
            if grant.isFineGrained {
                return context.json(403, FixtureJSON.error("Resource not accessible by personal access token", status: 403),
                                    extra: [HTTPHeader("X-Accepted-GitHub-Permissions"): "starring=write"])
            }
            return context.json(404, FixtureJSON.error("Not Found", status: 404), extra: accepted)
        }
        if method == .PUT { stars.star(repo.id, by: grant.login) } else { stars.unstar(repo.id, by: grant.login) }
        return context.empty(204, extra: accepted)
    }

    /// `GET /user/starred?sort=created|updated&direction=`: newest star first by default; with
    /// `Accept: application/vnd.github.star+json` each item is `{starred_at, repo}`.
    private func starredList(_ context: FixtureContext, login: String) -> HTTPResponse {
        let query = context.query
        let byPush = query["sort"] == "updated"
        let ascending = query["direction"] == "asc"
        let starred = stars.stars(of: login).compactMap { star in
            repository(id: star.repositoryID).flatMap { repo in data.user(id: repo.ownerID).map { (star, repo, $0) } }
        }
        // Stars are kept in the order they were made: the `created` order, oldest first.
        var ordered = byPush ? starred.sorted { ($0.1.pushedAt, $0.1.id) < ($1.1.pushedAt, $1.1.id) } : starred
        if !ascending { ordered.reverse() }
        let withDates = context.headers["accept"]?.contains("star+json") == true
        let sent = [("sort", query["sort"] ?? ""), ("direction", query["direction"] ?? "")].filter { !$0.1.isEmpty }
        return listPage(context, ordered, linkPath: "/user/starred", parameters: sent) { star, repo, owner in
            let object = FixtureJSON.repository(repo, owner: owner, base: context.base)
            return withDates ? ["starred_at": FixtureJSON.iso(Int(star.starredAt.timeIntervalSince1970)), "repo": object] as [String: Any] : object
        }
    }

    func notFound(_ context: FixtureContext) -> HTTPResponse {
        context.json(404, FixtureJSON.error("Not Found", status: 404))
    }
}
