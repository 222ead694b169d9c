import Foundation

extension GitHubClient {
    /// Sends a change with no body (`PUT`, `DELETE`, with `Content-Length: 0` as GitHub asks),
    /// records the rate limit, and throws a typed error for anything but 2xx: a 403 that is not a
    /// rate limit, or a 404, is `.refused` with GitHub's message. Only 307 and 308, which keep
    /// the method, are followed (credentials stay on the API origin, as for reads).
    func change(_ method: String, _ url: URL, policy: RequestPolicy) async throws(GitHubError) -> HTTPResponseData {
        var target = url
        var lastRedirectStatus = 0
        for _ in 0...Self.maximumChangeRedirects {
            if Task.isCancelled { throw .cancelled }
            var request = request(for: target, policy: policy, etag: nil)
            request.method = method
            request.headers["Content-Length"] = "0"
            request.body = Data()
            let response = try await transport.send(request)
            if let limit = RateLimit(headers: response.headers, fallbackResource: policy.resource) {
                rateLimits.record(limit)
            }
            if (300..<400).contains(response.status) {
                guard [307, 308].contains(response.status), let location = response.headers["location"],
                      let next = URL(string: location, relativeTo: target)?.absoluteURL, next.scheme == "http" || next.scheme == "https" else {
                    throw .unusableRedirect(status: response.status)
                }
                lastRedirectStatus = response.status
                target = next
                continue
            }
            guard (200..<300).contains(response.status) else {
                logger.debug("change failed", metadata: ["method": "\(method)", "path": "\(target.path)", "status": "\(response.status)"])
                throw GitHubResponseClassifier.changeError(for: response, resource: policy.resource)
            }
            return response
        }
        throw .tooManyRedirects(lastStatus: lastRedirectStatus)
    }

    private static var maximumChangeRedirects: Int { 5 }

    public func starRepository(owner: String, name: String) async throws(GitHubError) {
        _ = try await change("PUT", GitHubEndpoint.starredRepository(owner: owner, name: name, base: configuration.baseURL), policy: .init(resource: "core"))
    }

    public func unstarRepository(owner: String, name: String) async throws(GitHubError) {
        _ = try await change("DELETE", GitHubEndpoint.starredRepository(owner: owner, name: name, base: configuration.baseURL), policy: .init(resource: "core"))
    }

    public func starredRepositories() async throws(GitHubError) -> Page<StarredRepository> {
        try await starredRepositories(page: GitHubEndpoint.starred(perPage: 100, base: configuration.baseURL))
    }

    /// Asked for `star+json`, so each star comes with when it was made.
    public func starredRepositories(page url: URL) async throws(GitHubError) -> Page<StarredRepository> {
        let response = try await get(url, policy: .init(resource: "core", conditional: true, accept: Self.starredMediaType))
        return try GitHubDecoding.starredRepositories(from: response.body, link: response.headers["link"], page: url)
    }

    static let starredMediaType = "application/vnd.github.star+json"
}
