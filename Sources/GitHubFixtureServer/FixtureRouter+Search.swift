import FlyingFox
import Foundation

extension FixtureRouter {
    /// `GET /search/users?q=&sort=&order=&per_page=&page=`.
    func searchUsers(_ context: FixtureContext) -> HTTPResponse {
        let sort = FixtureSearch.Sort(rawValue: context.query["sort"] ?? "") ?? .bestMatch
        return searchResponse(context, sort: sort == .bestMatch ? nil : sort.rawValue) { ascending throws(FixtureSearch.Problem) in
            let search = try FixtureSearch(query: context.query["q"] ?? "")
            return search.results(in: data, sort: sort, ascending: ascending).map { user in
                { FixtureJSON.searchItem(user, base: context.base, score: search.score(user)) }
            }
        }
    }

    /// `GET /search/repositories?q=&sort=&order=&per_page=&page=`.
    func searchRepositories(_ context: FixtureContext) -> HTTPResponse {
        let sort = FixtureRepositorySearch.Sort(rawValue: context.query["sort"] ?? "") ?? .bestMatch
        return searchResponse(context, sort: sort == .bestMatch ? nil : sort.rawValue) { ascending throws(FixtureSearch.Problem) in
            let search = try FixtureRepositorySearch(query: context.query["q"] ?? "")
            return search.results(in: data, sort: sort, ascending: ascending).compactMap { repo in
                data.user(id: repo.ownerID).map { owner in
                    {
                        var item = FixtureJSON.repository(repo, owner: owner, base: context.base)
                        item["score"] = search.score(repo)
                        return item
                    }
                }
            }
        }
    }

    /// What both searches share: GitHub's 422s (missing or overlong `q`, a page past the first
    /// 1,000 results), `per_page` ≤ 100, the envelope, `Link` and `Cache-Control: no-cache`.
    /// `results` gets whether the order is ascending and returns every match, best first, as
    /// items rendered only when their page is served.
    private func searchResponse(_ context: FixtureContext, sort: String?, results: (Bool) throws(FixtureSearch.Problem) -> [() -> [String: Any]]) -> HTTPResponse {
        let query = context.query
        let ascending = sort != nil && query["order"] == "asc"
        let matches: [() -> [String: Any]]
        do {
            matches = try results(ascending)
        } catch .missingQuery {
            return context.json(422, FixtureJSON.error("Validation Failed", status: 422, errors: [["resource": "Search", "field": "q", "code": "missing"]]))
        } catch {
            return context.json(422, FixtureJSON.error("Validation Failed", status: 422, errors: [["message": "The search is longer than 256 characters.", "resource": "Search", "field": "q", "code": "invalid"]]))
        }
        let paging = Self.paging(query, count: min(matches.count, 1_000))
        guard (paging.page - 1) * paging.perPage < 1_000 else {
            return context.json(422, FixtureJSON.error("Only the first 1000 search results are available", status: 422))
        }
        let items = matches[paging.range].map { $0() }
        let body = FixtureJSON.encode(["total_count": matches.count, "incomplete_results": false, "items": items] as [String: Any])
        var parameters = [("q", query["q"] ?? "")]
        if let sort { parameters += [("sort", sort), ("order", ascending ? "asc" : "desc")] }
        parameters.append(("per_page", String(paging.perPage)))
        let link = Self.link(base: context.base + context.path, parameters: parameters, page: paging.page, lastPage: paging.lastPage)
        return context.json(200, body, extra: link.map { [.cacheControl: "no-cache", HTTPHeader("Link"): $0] } ?? [.cacheControl: "no-cache"])
    }
}
