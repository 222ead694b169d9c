import Foundation

extension GitHubClient {
    /// The most of a README that is kept as text: larger ones are cut (MarkdownLimits shows the
    /// rest is on GitHub). The transport has read the whole body by then; it is not kept.
    static let maximumReadmeBytes = 1 << 20

    public func readme(owner: String, name: String) async throws(GitHubError) -> String? {
        let url = GitHubEndpoint.readme(owner: owner, name: name, base: configuration.baseURL)
        do {
            let response = try await get(url, policy: .init(resource: "core", conditional: true, accept: "application/vnd.github.raw+json"))
            // Invalid UTF-8 is replaced, never refused: a README is shown as well as it can be.
            return String(decoding: response.body.prefix(Self.maximumReadmeBytes), as: UTF8.self)
        } catch .notFound {
            return nil
        }
    }

    /// The most of a README image fetched; a larger one is refused before more is read.
    public static let maximumImageBytes = 5 << 20

    /// An image of a README, fetched without credentials (whatever its host) and at most
    /// `maximumImageBytes`: PNG, JPEG, GIF, WebP or SVG. A redirect is followed only to an
    /// address `mayFollow` allows.
    public func readmeImage(_ url: URL, mayFollow: @escaping @Sendable (URL) -> Bool) async throws(GitHubError) -> Data {
        guard DTOMapping.webURL(url.absoluteString) != nil else { throw .undecodable("image: not an http(s) URL") }
        let response = try await get(url, policy: .init(resource: "images", sendsCredentials: false, accept: "image/*", isAvatar: true,
                                                        maximumBodyBytes: Self.maximumImageBytes, mayFollow: mayFollow))
        guard response.body.count <= Self.maximumImageBytes else { throw .undecodable("image: larger than 5 MB") }
        guard Self.looksLikeImage(response.body) || Self.looksLikeSVG(response.body) else { throw .undecodable("image: not a PNG, JPEG, GIF, WebP or SVG image") }
        return response.body
    }

    /// An SVG document (a badge): XML whose first element is `<svg`.
    static func looksLikeSVG(_ data: Data) -> Bool {
        let start = String(decoding: data.prefix(1_024), as: UTF8.self).lowercased()
        return start.contains("<svg")
    }

    public func latestRelease(owner: String, name: String) async throws(GitHubError) -> Release? {
        try await release(at: GitHubEndpoint.latestRelease(owner: owner, name: name, base: configuration.baseURL))
    }

    public func release(owner: String, name: String, tag: String) async throws(GitHubError) -> Release? {
        try await release(at: GitHubEndpoint.release(owner: owner, name: name, tag: tag, base: configuration.baseURL))
    }

    private func release(at url: URL) async throws(GitHubError) -> Release? {
        do {
            let response = try await get(url, policy: .init(resource: "core", conditional: true))
            return try GitHubDecoding.release(from: response.body)
        } catch .notFound {
            return nil
        }
    }
}
