import FlyingFox
import Foundation

/// Dispatches every request: records it, applies faults, spends quota, then serves the route.
struct FixtureRouter: HTTPHandler {
    let data: FixtureDataSet
    let state: FixtureState
    let auth: FixtureAuth
    let stars: FixtureStars
    let follows: FixtureFollows
    let news: FixtureNews
    static let supportedAPIVersions: Set<String> = ["2022-11-28", "2026-03-10"]

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let path = request.target.path(percentEncoded: false)
        let route = FixtureRoute(path: path)
        var headers: [String: String] = [:]
        for (name, value) in request.headers { headers[name.rawValue.lowercased()] = value }
        state.record(ReceivedRequest(route: route, target: request.target.rawValue, headers: headers))
        let token = Self.token(from: headers["authorization"])
        let context = FixtureContext(request: request, path: path, route: route, headers: headers, grant: token.flatMap(auth.grant(for:)))

        if route == .control { return await FixtureControl(state: state, auth: auth, stars: stars, follows: follows, news: news, data: data).handle(context) }
        if route == .deviceCode || route == .accessToken { return await deviceFlow(context) }
        // A token that is wrong, revoked or expired is refused everywhere but on avatars, as on GitHub.
        if token != nil, context.login == nil, route != .avatar, route != .image {
            var response = context.json(401, FixtureJSON.error("Bad credentials", status: 401))
            Self.addRateHeaders(&response, state.bucket("core", authenticated: false), resource: "core")
            return response
        }
        if let version = headers["x-github-api-version"], !Self.supportedAPIVersions.contains(version) {
            return context.json(400, FixtureJSON.error("Unsupported 'X-GitHub-Api-Version' header: \(version)", status: 400))
        }
        guard let fault = state.takeFault(for: route) else { return try await serve(context) }
        return try await apply(fault, context)
    }

    private func apply(_ fault: FixtureFault, _ context: FixtureContext) async throws -> HTTPResponse {
        switch fault.kind {
        case .latency:
            try await Task.sleep(for: .milliseconds(fault.milliseconds ?? 1_000))
            return try await serve(context)
        case .serverError:
            let status = fault.status ?? 500
            return context.json(status, FixtureJSON.error(status == 503 ? "Service Unavailable" : "Server Error", status: status))
        case .truncatedBody:
            var response = try await serve(context)
            let body = try await response.bodyData
            response = HTTPResponse(statusCode: response.statusCode, headers: response.headers, body: body.prefix(body.count / 2))
            return response
        case .htmlBody:
            let html = "<!DOCTYPE html><html><head><title>Unicorn!</title></head><body><h1>This page is taking too long to load.</h1></body></html>"
            return HTTPResponse(statusCode: .init(fault.status ?? 200, phrase: "Fault"), headers: [.contentType: "text/html; charset=utf-8"], body: Data(html.utf8))
        case .primaryLimitExhausted:
            let resource = context.route.isSearch ? "search" : "core"
            state.exhaust(resource, authenticated: context.isAuthenticated)
            return primaryLimitResponse(context, resource: resource)
        case .secondaryLimit:
            var response = context.json(403, FixtureJSON.error("You have exceeded a secondary rate limit. Please wait a few minutes before you try again.", status: 403))
            response.headers[HTTPHeader("Retry-After")] = String(fault.retryAfter ?? 60)
            return response
        case .redirect:
            let base = fault.redirectBase ?? "http://127.0.0.1:9"
            return HTTPResponse(statusCode: .init(302, phrase: "Found"), headers: HTTPHeaders([.location: base + context.request.target.rawValue]))
        case .reducedNotModified:
            var response = try await serve(context)
            guard response.statusCode == .notModified else {
                state.giveBack(fault)
                return response
            }
            response.headers[HTTPHeader("Link")] = nil
            return response
        }
    }

    private func serve(_ context: FixtureContext) async throws -> HTTPResponse {
        switch context.route {
        case .search: return try charged(context, resource: "search") { searchUsers(context) }
        case .searchRepositories: return try charged(context, resource: "search") { searchRepositories(context) }
        case .user: return try charged(context, resource: "core") { user(context) }
        case .repos: return try charged(context, resource: "core") { repositories(context) }
        case .repository: return try charged(context, resource: "core") { repository(context) }
        case .languages: return try charged(context, resource: "core") { languages(context) }
        case .readme: return try charged(context, resource: "core") { readme(context) }
        case .latestRelease: return try charged(context, resource: "core") { latestRelease(context) }
        case .releaseByTag: return try charged(context, resource: "core") { latestRelease(context, tag: context.pathParts[5]) }
        case .releases: return try charged(context, resource: "core") { releases(context) }
        case .starred: return try charged(context, resource: "core") { starred(context) }
        case .following: return try charged(context, resource: "core") { following(context) }
        case .followers: return try charged(context, resource: "core") { followers(context) }
        case .userFollowers, .userFollowing: return try charged(context, resource: "core") { userFollows(context) }
        case .avatar: return avatar(context)
        case .image: return try await readmeImage(context)
        case .rateLimit: return rateLimit(context)
        case .authenticatedUser: return try charged(context, resource: "core") { authenticatedUser(context) }
        case .control, .unknown, .deviceCode, .accessToken: return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
    }

    /// Spends quota (unless the answer is a 304, which GitHub does not count) and adds the
    /// `x-ratelimit-*` headers every API response carries.
    private func charged(_ context: FixtureContext, resource: String, _ makeResponse: () throws -> HTTPResponse) throws -> HTTPResponse {
        let bucket = state.bucket(resource, authenticated: context.isAuthenticated)
        guard bucket.used < bucket.limit else { return primaryLimitResponse(context, resource: resource) }
        var response = try makeResponse()
        if let etag = response.headers[.eTag], context.headers["if-none-match"] == etag {
            response = HTTPResponse(statusCode: .notModified, headers: response.headers, body: Data())
            response.headers[.contentType] = nil
            Self.addRateHeaders(&response, bucket, resource: resource)
            return response
        }
        let spent = state.spend(resource, authenticated: context.isAuthenticated) ?? bucket
        Self.addRateHeaders(&response, spent, resource: resource)
        return response
    }

    private func primaryLimitResponse(_ context: FixtureContext, resource: String) -> HTTPResponse {
        let bucket = state.bucket(resource, authenticated: context.isAuthenticated)
        var response = context.json(403, FixtureJSON.error("API rate limit exceeded for 127.0.0.1. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)", status: 403))
        Self.addRateHeaders(&response, FixtureState.Bucket(limit: bucket.limit, used: bucket.limit, resetsAt: bucket.resetsAt), resource: resource)
        return response
    }

    static func addRateHeaders(_ response: inout HTTPResponse, _ bucket: FixtureState.Bucket, resource: String) {
        response.headers[HTTPHeader("X-RateLimit-Limit")] = String(bucket.limit)
        response.headers[HTTPHeader("X-RateLimit-Remaining")] = String(max(bucket.limit - bucket.used, 0))
        response.headers[HTTPHeader("X-RateLimit-Used")] = String(bucket.used)
        response.headers[HTTPHeader("X-RateLimit-Reset")] = String(Int(bucket.resetsAt.timeIntervalSince1970))
        response.headers[HTTPHeader("X-RateLimit-Resource")] = resource
    }

    /// `Authorization: Bearer X` or `token X`.
    static func token(from header: String?) -> String? {
        guard let header else { return nil }
        let parts = header.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, ["bearer", "token"].contains(parts[0].lowercased()) else { return header }
        return String(parts[1])
    }
}
