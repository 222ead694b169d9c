import FlyingFox
import Foundation

extension FixtureRouter {
    /// `GET /repos/{owner}/{repo}/readme`: the raw Markdown when `Accept` asks for
    /// `application/vnd.github.raw+json` (or `…raw`), else GitHub's content object with the text
    /// in base64; an ETag either way; 404 when the repository has none.
    func readme(_ context: FixtureContext) -> HTTPResponse {
        let parts = context.pathParts
        guard let repo = repository(owner: parts[1], name: parts[2]), let owner = data.user(id: repo.ownerID) else {
            return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
        let fullName = "\(owner.login)/\(repo.name)"
        guard let text = data.readmes.readme(of: repo, fullName: fullName, base: context.base) else {
            return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
        let body = Data(text.utf8)
        if context.headers["accept"]?.contains("vnd.github.raw") == true {
            var response = cacheable(context, body)
            response.headers[.contentType] = "application/vnd.github.raw; charset=utf-8"
            return response
        }
        let object: [String: Any] = [
            "type": "file", "encoding": "base64", "size": body.count, "name": "README.md", "path": "README.md",
            "content": body.base64EncodedString(options: .lineLength76Characters) + "\n",
            "sha": Self.etag(body).trimmingCharacters(in: CharacterSet(charactersIn: "W/\"")),
            "url": "\(context.base)/repos/\(fullName)/contents/README.md?ref=\(repo.defaultBranch)",
            "html_url": "https://github.com/\(fullName)/blob/\(repo.defaultBranch)/README.md",
            "download_url": "https://raw.githubusercontent.com/\(fullName)/\(repo.defaultBranch)/README.md",
        ]
        return cacheable(context, FixtureJSON.encode(object))
    }

    /// `GET /_fixture/images/{name}`: `huge.png` says it is 100 MB (and starts sending it),
    /// `endless.png` never answers, any other `NAME.png` is a small PNG of its own.
    func readmeImage(_ context: FixtureContext) async throws -> HTTPResponse {
        let name = context.pathParts[2]
        switch name {
        case "huge.png":
            var body = PNGImage.identicon(seed: 1, size: 8)
            body.append(Data(count: 100 << 20))
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png"], body: body)
        case "endless.png":
            try await Task.sleep(for: .seconds(3_600))
            return HTTPResponse(statusCode: .gatewayTimeout)
        default:
            guard name.hasSuffix(".png") else { return HTTPResponse(statusCode: .notFound) }
            let seed = Int64(name.unicodeScalars.reduce(0) { $0 &* 31 &+ Int($1.value) } & 0xFFFF)
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/png", .cacheControl: "max-age=300"], body: PNGImage.identicon(seed: seed, size: 96))
        }
    }

    /// `GET /repos/{owner}/{repo}/releases/latest`: the newest published release, 404 when none;
    /// with a `tag`, `…/releases/tags/{tag}`: the release of that tag, 404 when none.
    func latestRelease(_ context: FixtureContext, tag: String? = nil) -> HTTPResponse {
        let parts = context.pathParts
        guard let repo = repository(owner: parts[1], name: parts[2]), let owner = data.user(id: repo.ownerID),
              let release = releases(of: repo, owner: owner).first(where: { tag == nil || $0.tag == tag }) else {
            return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
        return cacheable(context, FixtureJSON.encode(FixtureJSON.release(release, repo: repo, owner: owner, base: context.base)))
    }
}

extension FixtureJSON {
    /// A release as `GET /repos/{owner}/{repo}/releases/latest` and `…/releases` send it.
    static func release(_ release: FixtureNews.PublishedRelease, repo: FixtureRepository, owner: FixtureUser, base: String) -> [String: Any] {
        let fullName = "\(owner.login)/\(repo.name)"
        let date = ISO8601DateFormatter().string(from: release.publishedAt)
        return [
            "url": "\(base)/repos/\(fullName)/releases/\(release.id)", "id": release.id, "tag_name": release.tag, "target_commitish": repo.defaultBranch,
            "name": release.name ?? NSNull(), "body": release.body ?? NSNull(), "draft": false, "prerelease": false,
            "created_at": date, "published_at": date, "author": userSummary(owner, base: base), "assets": [] as [Any],
            "html_url": "https://github.com/\(fullName)/releases/tag/\(release.tag)",
            "tarball_url": "\(base)/repos/\(fullName)/tarball/\(release.tag)", "zipball_url": "\(base)/repos/\(fullName)/zipball/\(release.tag)",
        ]
    }
}
