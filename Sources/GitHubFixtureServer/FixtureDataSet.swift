import Foundation

/// One account of the double's data set.
public struct FixtureUser: Sendable, Hashable {
    public var id: Int64
    public var login: String
    public var type: String
    public var name: String?
    public var company: String?
    public var blog: String?
    public var location: String?
    public var bio: String?
    public var twitterUsername: String?
    public var publicRepos: Int
    public var publicGists: Int
    public var followers: Int
    public var following: Int
    public var createdAt: String
    public var updatedAt: String
    public var hireable: Bool?
}

/// The deterministic data set in `data/fixtures/github-users.json` and, beside it,
/// `github-repositories.json` (written by `scripts/generate-fixture-data.py`), indexed for the
/// routes the double serves.
public struct FixtureDataSet: Sendable {
    public let users: [FixtureUser]
    public let repositoriesByUser: [Int64: [FixtureRepository]]
    /// Every repository, by owner id then the owner's order: the order searches start from.
    public let repositories: [FixtureRepository]
    let usersByLogin: [String: FixtureUser]
    let usersByID: [Int64: FixtureUser]
    let repositoriesByFullName: [String: FixtureRepository]
    let repositoriesByID: [Int64: FixtureRepository]
    /// Lowercased name, `owner/name` and description per entry of `repositories`, made once so
    /// a search over tens of thousands of rows does not lowercase them on every request.
    let repositorySearchText: [(name: String, fullName: String, description: String)]
    /// Who follows whom before any request changes it.
    let followGraph: FixtureFollowGraph
    /// READMEs and latest releases.
    let readmes: FixtureReadmes

    public init(users: [FixtureUser], repositoriesByUser: [Int64: [FixtureRepository]], readmes: FixtureReadmes = .none) {
        self.users = users
        self.readmes = readmes
        self.repositoriesByUser = repositoriesByUser
        let usersByID = Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        self.usersByID = usersByID
        usersByLogin = Dictionary(users.map { ($0.login.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        repositories = repositoriesByUser.keys.sorted().flatMap { repositoriesByUser[$0] ?? [] }
        repositorySearchText = repositories.map { repository in
            let name = repository.name.lowercased()
            return (name, "\(usersByID[repository.ownerID]?.login.lowercased() ?? "")/\(name)", repository.description?.lowercased() ?? "")
        }
        repositoriesByID = Dictionary(repositories.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        repositoriesByFullName = Dictionary(zip(repositorySearchText.map(\.fullName), repositories), uniquingKeysWith: { first, _ in first })
        followGraph = FixtureFollowGraph(users: users)
    }

    public func user(login: String) -> FixtureUser? { usersByLogin[login.lowercased()] }
    public func user(id: Int64) -> FixtureUser? { usersByID[id] }
    /// Case-insensitive, as GitHub's repository paths are.
    public func repository(owner: String, name: String) -> FixtureRepository? { repositoriesByFullName["\(owner.lowercased())/\(name.lowercased())"] }
    public func repository(id: Int64) -> FixtureRepository? { repositoriesByID[id] }
    /// `owner/name` as the owner spells it.
    public func fullName(ofRepository id: Int64) -> String? {
        repository(id: id).flatMap { repo in user(id: repo.ownerID).map { "\($0.login)/\(repo.name)" } }
    }
    public func repository(fullName: String) -> FixtureRepository? { repositoriesByFullName[fullName.lowercased()] }

    /// The committed data file, found from this source file's location in the checkout, or
    /// from `GITHUB_FIXTURE_DATA` when set.
    public static var defaultFile: URL {
        if let path = ProcessInfo.processInfo.environment["GITHUB_FIXTURE_DATA"], !path.isEmpty {
            return URL(fileURLWithPath: path)
        }
        return URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("data/fixtures/github-users.json")
    }

    /// The committed data set, loaded once per process.
    public static let standard: FixtureDataSet = {
        do {
            return try load(from: defaultFile)
        } catch {
            fatalError("The GitHub double's data set could not be loaded from \(defaultFile.path): \(error)")
        }
    }()

    /// The users in `file` and the repositories in `github-repositories.json` beside it, with
    /// the accounts and repositories of `readmes/readmes.json` (the real READMEs' projects).
    public static func load(from file: URL) throws -> FixtureDataSet {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        var users = (root["users"] as? [[String: Any]] ?? []).compactMap(user(from:))
        let repositoriesFile = file.deletingLastPathComponent().appendingPathComponent("github-repositories.json")
        let table = try JSONSerialization.jsonObject(with: Data(contentsOf: repositoriesFile)) as? [String: Any] ?? [:]
        let columns = Dictionary(uniqueKeysWithValues: (table["columns"] as? [String] ?? []).enumerated().map { ($1, $0) })
        var repositories: [Int64: [FixtureRepository]] = [:]
        for (key, rows) in table["repositories"] as? [String: [[Any]]] ?? [:] {
            guard let ownerID = Int64(key) else { continue }
            repositories[ownerID] = rows.enumerated().compactMap { FixtureRepository(row: $1, columns: columns, ownerID: ownerID, index: $0) }
        }
        guard let extra = try FixtureReadmes.load(folder: file.deletingLastPathComponent().appendingPathComponent("readmes")) else {
            return FixtureDataSet(users: users, repositoriesByUser: repositories)
        }
        let extraColumns = Dictionary(uniqueKeysWithValues: extra.columns.enumerated().map { ($1, $0) })
        for object in extra.users {
            guard let owner = user(from: object), !users.contains(where: { $0.id == owner.id || $0.login.lowercased() == owner.login.lowercased() }) else { continue }
            users.append(owner)
            repositories[owner.id] = (extra.repositories[owner.login] ?? []).enumerated().compactMap {
                FixtureRepository(row: $1, columns: extraColumns, ownerID: owner.id, index: $0)
            }
        }
        return FixtureDataSet(users: users, repositoriesByUser: repositories, readmes: extra.readmes)
    }

    private static func user(from object: [String: Any]) -> FixtureUser? {
        guard let id = (object["id"] as? NSNumber)?.int64Value, let login = object["login"] as? String else { return nil }
        return FixtureUser(
            id: id, login: login, type: object["type"] as? String ?? "User", name: object["name"] as? String,
            company: object["company"] as? String, blog: object["blog"] as? String, location: object["location"] as? String,
            bio: object["bio"] as? String, twitterUsername: object["twitter_username"] as? String,
            publicRepos: (object["public_repos"] as? NSNumber)?.intValue ?? 0, publicGists: (object["public_gists"] as? NSNumber)?.intValue ?? 0,
            followers: (object["followers"] as? NSNumber)?.intValue ?? 0, following: (object["following"] as? NSNumber)?.intValue ?? 0,
            createdAt: object["created_at"] as? String ?? "2008-01-01T00:00:00Z", updatedAt: object["updated_at"] as? String ?? "2008-01-01T00:00:00Z",
            hireable: object["hireable"] as? Bool
        )
    }
}
