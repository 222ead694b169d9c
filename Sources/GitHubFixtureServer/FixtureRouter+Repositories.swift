import FlyingFox
import Foundation

extension FixtureRouter {
    /// `GET /repos/{owner}/{repo}`: the full repository, with an ETag for conditional requests.
    func repository(_ context: FixtureContext) -> HTTPResponse {
        let parts = context.pathParts
        guard let repo = repository(owner: parts[1], name: parts[2]), let owner = data.user(id: repo.ownerID) else {
            return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
        return cacheable(context, FixtureJSON.encode(FixtureJSON.repositoryDetail(repo, owner: owner, in: data, base: context.base)))
    }

    /// `GET /repos/{owner}/{repo}/languages`: bytes of code per language, largest first.
    func languages(_ context: FixtureContext) -> HTTPResponse {
        let parts = context.pathParts
        guard let repo = repository(owner: parts[1], name: parts[2]) else {
            return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
        return cacheable(context, FixtureJSON.languages(Self.languageBytes(repo)))
    }

    /// A 200 that conditional requests can revalidate: a weak ETag over the body, and GitHub's
    /// `Cache-Control` (private once a token is sent, FACTS.md §6).
    func cacheable(_ context: FixtureContext, _ body: Data) -> HTTPResponse {
        let cache = context.isAuthenticated ? "private, max-age=60, s-maxage=60" : "public, max-age=60, s-maxage=60"
        return context.json(200, body, extra: [.cacheControl: cache, .eTag: Self.etag(body)])
    }

    /// The repository's language and up to three companions, drawn from its id so every run
    /// answers the same. The main language keeps at least 40% (each companion takes 5–24% of
    /// what is left), so it always comes first; none without a language.
    static func languageBytes(_ repo: FixtureRepository) -> [(String, Int)] {
        guard let language = repo.language else { return [] }
        var seed = UInt64(bitPattern: repo.id) | 1
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        var remaining = max(repo.size, 1) * 700 + next(1_000)
        let companions = (languageCompanions[language] ?? ["Shell", "Makefile"]).filter { $0 != language }
        var bytes: [(String, Int)] = []
        for companion in companions.prefix(next(companions.count + 1)) {
            let share = remaining * (5 + next(20)) / 100
            bytes.append((companion, share))
            remaining -= share
        }
        return ([(language, remaining)] + bytes).sorted { ($0.1, $1.0) > ($1.1, $0.0) }
    }

    private static let languageCompanions: [String: [String]] = [
        "Swift": ["C", "Objective-C", "Shell"], "C": ["Makefile", "Meson", "Shell", "C++"], "C++": ["C", "CMake", "Python"],
        "Python": ["Shell", "Cython", "Dockerfile"], "JavaScript": ["HTML", "CSS", "TypeScript"], "TypeScript": ["JavaScript", "CSS", "HTML"],
        "Rust": ["Shell", "C", "Python"], "Go": ["Makefile", "Shell", "Dockerfile"], "Ruby": ["HTML", "JavaScript", "Shell"],
        "HTML": ["CSS", "JavaScript"], "Vala": ["Meson", "C", "CSS"], "Kotlin": ["Java", "Shell"], "Java": ["Kotlin", "Shell"],
    ]
}
