import Foundation
import GitHubFixtureServer
@testable import GitHubFinderCore

/// Runs `body` with a fresh GitHub double on a free loopback port and a live client pointed at it.
nonisolated(nonsending) func withLiveDouble<T>(
    searchLimit: Int? = 1_000, coreLimit: Int? = nil, signedInAs login: String? = nil, timeout: TimeInterval = 10,
    _ body: (GitHubFixtureServer, GitHubClient) async throws -> T
) async throws -> T {
    let server = try await GitHubFixtureServer(searchLimit: searchLimit, coreLimit: coreLimit)
    let token = login.map { server.issueToken(for: $0) }
    let client = GitHubClient(configuration: GitHubConfiguration(baseURL: server.baseURL, token: token, timeout: timeout))
    do {
        let result = try await body(server, client)
        await server.stop()
        return result
    } catch {
        await server.stop()
        throw error
    }
}

/// The error `operation` threw, or nil when it succeeded.
nonisolated(nonsending) func thrownError<T>(_ operation: () async throws -> T) async -> GitHubError? {
    do {
        _ = try await operation()
        return nil
    } catch let error as GitHubError {
        return error
    } catch {
        return .undecodable("not a GitHubError: \(error)")
    }
}

func query(_ text: String) -> SearchQuery { SearchQuery(text)! }
