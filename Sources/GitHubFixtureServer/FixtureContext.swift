import FlyingFox
import Foundation

/// One request with what the handlers need to answer it.
struct FixtureContext {
    let request: HTTPRequest
    let path: String
    let route: FixtureRoute
    let headers: [String: String]

    /// What the request's token stands for (nil: anonymous).
    let grant: FixtureGrant?

    /// The account the request's token stands for (nil: anonymous).
    var login: String? { grant?.login }
    var query: [String: String] { FixtureQuery.parse(request.target.query()) }
    var isAuthenticated: Bool { grant != nil }
    var pathParts: [String] { path.split(separator: "/").map(String.init) }
    /// The origin the client used, so links and avatar URLs point back at this server.
    var base: String { "http://\(headers["host"] ?? "127.0.0.1")" }

    func json(_ status: Int, _ body: Data, extra: [HTTPHeader: String] = [:]) -> HTTPResponse {
        var response = empty(status, extra: extra)
        response.headers[.contentType] = "application/json; charset=utf-8"
        return HTTPResponse(statusCode: response.statusCode, headers: response.headers, body: body)
    }

    /// A response without a body (204, say), with the headers every API answer carries.
    func empty(_ status: Int, extra: [HTTPHeader: String] = [:]) -> HTTPResponse {
        var headers: HTTPHeaders = [
            HTTPHeader("X-GitHub-Api-Version-Selected"): "2022-11-28",
            HTTPHeader("Access-Control-Expose-Headers"): "ETag, Link, Location, Retry-After, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Used, X-RateLimit-Resource, X-RateLimit-Reset, X-OAuth-Scopes, X-Accepted-OAuth-Scopes",
        ]
        // Classic tokens learn their scopes from every answer, as on GitHub.
        if let grant, !grant.isFineGrained { headers[HTTPHeader("X-OAuth-Scopes")] = grant.scopes.sorted().joined(separator: ", ") }
        for (name, value) in extra { headers[name] = value }
        return HTTPResponse(statusCode: .init(status, phrase: Self.phrase(status)), headers: headers, body: Data())
    }

    static func phrase(_ status: Int) -> String {
        [200: "OK", 204: "No Content", 304: "Not Modified", 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found",
         422: "Unprocessable Entity", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable"][status] ?? "Status"
    }
}
