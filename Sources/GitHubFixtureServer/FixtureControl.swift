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
/// - `POST /_fixture/releases` with `{"repository": "owner/name", "tag": T, "name": N, "body": B}`
///   (name and body optional) publishes a release now and answers 201 `{"id": ID}`; 404 for an
///   unknown repository.
/// - `POST /_fixture/repositories` with `{"login": L, "name": N, "description": D}` (description
///   optional) creates a public repository of L now and answers 201; 404 for an unknown login,
///   422 when L has one of that name.
struct FixtureControl {
    let state: FixtureState
    let auth: FixtureAuth
    let stars: FixtureStars
    let follows: FixtureFollows
    let news: FixtureNews
    let data: FixtureDataSet

    private struct TokenRequest: Decodable {
        var login: String
        var scopes: [String]?
        var fine_grained: Bool?
        var can_star: Bool?
        var can_follow: Bool?
    }

    private struct ReleaseRequest: Decodable {
        var repository: String
        var tag: String
        var name: String?
        var body: String?
    }

    private struct RepositoryRequest: Decodable {
        var login: String
        var name: String
        var description: String?
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
        case (.POST, "/_fixture/releases"):
            return await publishRelease(context)
        case (.POST, "/_fixture/repositories"):
            return await createRepository(context)
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

    private func publishRelease(_ context: FixtureContext) async -> HTTPResponse {
        guard let request = try? JSONDecoder().decode(ReleaseRequest.self, from: await context.request.bodyData), !request.tag.isEmpty else {
            return context.json(400, FixtureJSON.error("Body must be {\"repository\": \"owner/name\", \"tag\": …}", status: 400))
        }
        let parts = request.repository.split(separator: "/").map(String.init)
        guard parts.count == 2, let repo = data.repository(owner: parts[0], name: parts[1]) ?? news.repository(owner: parts[0], name: parts[1]) else {
            return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
        let release = news.publishRelease(to: repo.id, tag: request.tag, name: request.name, body: request.body)
        return context.json(201, FixtureJSON.encode(["id": release.id]))
    }

    private func createRepository(_ context: FixtureContext) async -> HTTPResponse {
        guard let request = try? JSONDecoder().decode(RepositoryRequest.self, from: await context.request.bodyData), !request.name.isEmpty else {
            return context.json(400, FixtureJSON.error("Body must be {\"login\": …, \"name\": …}", status: 400))
        }
        guard let owner = data.user(login: request.login) else { return context.json(404, FixtureJSON.error("Not Found", status: 404)) }
        let exists = data.repository(owner: owner.login, name: request.name) != nil
        guard let repo = news.createRepository(named: request.name, description: request.description, owner: owner, exists: exists) else {
            return context.json(422, FixtureJSON.error("name already exists on this account", status: 422))
        }
        return context.json(201, FixtureJSON.encode(["id": repo.id, "full_name": "\(owner.login)/\(repo.name)"] as [String: Any]))
    }
}
