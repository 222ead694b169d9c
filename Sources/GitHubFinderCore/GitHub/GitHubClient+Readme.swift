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

    public func latestRelease(owner: String, name: String) async throws(GitHubError) -> Release? {
        let url = GitHubEndpoint.latestRelease(owner: owner, name: name, base: configuration.baseURL)
        do {
            let response = try await get(url, policy: .init(resource: "core", conditional: true))
            return try GitHubDecoding.release(from: response.body)
        } catch .notFound {
            return nil
        }
    }
}
