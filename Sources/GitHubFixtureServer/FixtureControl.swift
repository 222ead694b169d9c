import FlyingFox
import Foundation

/// `/_fixture/*`: lets a test or demo in another process switch faults, read counters, get
/// tokens, see stars and follows, and set whom an account follows.
///
/// - `POST /_fixture/faults` with a `FixtureFault` JSON body adds a fault.
/// - `DELETE /_fixture/faults` clears them.
/// - `GET /_fixture/stats` returns request counts per route, and the README images asked for
///   (`images`: their paths, in order).
/// - `POST /_fixture/tokens` with `{"login": L, "scopes": [...]}` (classic; scopes default to
///   `["public_repo"]`) or `{"login": L, "fine_grained": true, "can_star": B, "can_follow": B}`
///   answers 201 `{"token": T}`.
/// - `GET /_fixture/starred/{login}` answers `{"login": L, "starred": ["owner/name", ...]}`,
///   oldest star first.
/// - `POST /_fixture/following` with `{"login": L, "count": N}` makes L follow exactly the data
///   set's first N accounts (see `GitHubFixtureServer.setFollowing(of:count:)`) and answers 200
///   `{"login": L, "count": N}`; 404 for an unknown login, 422 when there are fewer to follow.
/// - `GET /_fixture/following/{login}` answers `{"login": L, "following": [login, ...]}`, oldest
///   follow first.
struct FixtureControl {
    let state: FixtureState
    let auth: FixtureAuth
    let stars: FixtureStars
    let follows: FixtureFollows
    let data: FixtureDataSet

    private struct TokenRequest: Decodable {
        var login: String
        var scopes: [String]?
        var fine_grained: Bool?
        var can_star: Bool?
        var can_follow: Bool?
    }

    private struct FollowingRequest: Decodable {
        var login: String
        var count: Int
    }

    func handle(_ context: FixtureContext) async -> HTTPResponse {
        let parts = context.pathParts
        switch (context.request.method, context.path) {
        case (.POST, "/_fixture/faults"):
            guard let fault = try? JSONDecoder().decode(FixtureFault.self, from: await context.request.bodyData) else {
                return context.json(400, FixtureJSON.error("Body must be a FixtureFault", status: 400))
            }
            state.inject(fault)
            return context.json(201, FixtureJSON.encode(["ok": true]))
        case (.DELETE, "/_fixture/faults"):
            state.clearFaults()
            return context.json(200, FixtureJSON.encode(["ok": true]))
        case (.GET, "/_fixture/stats"):
            let counts = Dictionary(uniqueKeysWithValues: FixtureRoute.allCases.map { ($0.rawValue, state.count($0)) })
            let images = state.received.filter { $0.route == .image }.map(\.target)
            return context.json(200, FixtureJSON.encode(["requests": counts, "images": images]))
        case (.POST, "/_fixture/tokens"):
            guard let request = try? JSONDecoder().decode(TokenRequest.self, from: await context.request.bodyData) else {
                return context.json(400, FixtureJSON.error("Body must be {\"login\": …, \"scopes\": […]}", status: 400))
            }
            let token = request.fine_grained == true
                ? auth.issueFineGrainedToken(for: request.login, canStar: request.can_star ?? false, canFollow: request.can_follow ?? false)
                : auth.issueToken(for: request.login, scopes: Set(request.scopes ?? ["public_repo"]))
            return context.json(201, FixtureJSON.encode(["token": token]))
        case (.GET, _) where parts.count == 3 && parts[1] == "starred":
            let names = stars.stars(of: parts[2]).compactMap { data.fullName(ofRepository: $0.repositoryID) }
            return context.json(200, FixtureJSON.encode(["login": parts[2], "starred": names] as [String: Any]))
        case (.POST, "/_fixture/following"):
            return await setFollowing(context)
        case (.GET, _) where parts.count == 3 && parts[1] == "following":
            return context.json(200, FixtureJSON.encode(["login": parts[2], "following": follows.followedLogins(of: parts[2])] as [String: Any]))
        default:
            return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
    }

    private func setFollowing(_ context: FixtureContext) async -> HTTPResponse {
        guard let request = try? JSONDecoder().decode(FollowingRequest.self, from: await context.request.bodyData), request.count >= 0 else {
            return context.json(400, FixtureJSON.error("Body must be {\"login\": …, \"count\": N ≥ 0}", status: 400))
        }
        do {
            try follows.setFollowing(of: request.login, count: request.count)
            return context.json(200, FixtureJSON.encode(["login": request.login, "count": request.count] as [String: Any]))
        } catch .tooFewAccounts(let available) {
            return context.json(422, FixtureJSON.error("Only \(available) accounts can be followed", status: 422))
        } catch {
            // The only other error: no such login.
            return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
    }
}
