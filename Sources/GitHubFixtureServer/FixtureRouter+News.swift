import FlyingFox
import Foundation

extension FixtureRouter {
    /// A repository of the data set or one created on the double since it started.
    func repository(owner: String, name: String) -> FixtureRepository? {
        data.repository(owner: owner, name: name) ?? news.repository(owner: owner, name: name)
    }

    func repository(id: Int64) -> FixtureRepository? {
        data.repository(id: id) ?? news.repository(id: id)
    }

    /// The repository's releases, newest first: those published on the double, then the data
    /// set's latest one (FixtureReadmes), dated back from the data set's "now".
    func releases(of repo: FixtureRepository, owner: FixtureUser) -> [FixtureNews.PublishedRelease] {
        var releases = news.releases(of: repo.id)
        if let made = data.readmes.latestRelease(of: repo, fullName: "\(owner.login)/\(repo.name)") {
            let published = Date(timeIntervalSince1970: TimeInterval(FixtureReadmes.now - made.daysAgo * 86_400))
            releases.append(.init(id: repo.id * 10 + 1, tag: made.tag, name: made.name, body: made.body, publishedAt: published))
        }
        return releases
    }

    /// `GET /repos/{owner}/{repo}/releases`: newest first, paged (`per_page`, `page`), with an
    /// ETag, so an unchanged list answers 304 (free) to a conditional request.
    func releases(_ context: FixtureContext) -> HTTPResponse {
        let parts = context.pathParts
        guard let repo = repository(owner: parts[1], name: parts[2]), let owner = data.user(id: repo.ownerID) else {
            return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
        let all = releases(of: repo, owner: owner)
        return listPage(context, all, linkPath: "/repos/\(owner.login)/\(repo.name)/releases", parameters: []) {
            FixtureJSON.release($0, repo: repo, owner: owner, base: context.base)
        }
    }
}
