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

/// One repository of the data set.
public struct FixtureRepository: Sendable, Hashable {
    public var id: Int64
    public var name: String
    public var description: String?
    public var language: String?
    public var stars: Int
    public var forks: Int
    public var pushedAt: Int
    public var createdAt: Int
    public var isFork: Bool
    public var isArchived: Bool
}

/// The deterministic data set in `data/fixtures/github-users.json` (written by
/// `scripts/generate-fixture-data.py`), indexed for the routes the double serves.
public struct FixtureDataSet: Sendable {
    public let users: [FixtureUser]
    public let repositoriesByUser: [Int64: [FixtureRepository]]
    let usersByLogin: [String: FixtureUser]
    let usersByID: [Int64: FixtureUser]

    public init(users: [FixtureUser], repositoriesByUser: [Int64: [FixtureRepository]]) {
        self.users = users
        self.repositoriesByUser = repositoriesByUser
        usersByLogin = Dictionary(users.map { ($0.login.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
        usersByID = Dictionary(users.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    public func user(login: String) -> FixtureUser? { usersByLogin[login.lowercased()] }
    public func user(id: Int64) -> FixtureUser? { usersByID[id] }

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

    public static func load(from file: URL) throws -> FixtureDataSet {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any] ?? [:]
        let users = (root["users"] as? [[String: Any]] ?? []).compactMap(user(from:))
        var repositories: [Int64: [FixtureRepository]] = [:]
        for (key, value) in root["repositories"] as? [String: [[Any]]] ?? [:] {
            guard let userID = Int64(key) else { continue }
            repositories[userID] = value.enumerated().compactMap { index, row in repository(from: row, id: userID * 1_000 + Int64(index)) }
        }
        return FixtureDataSet(users: users, repositoriesByUser: repositories)
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

    private static func repository(from row: [Any], id: Int64) -> FixtureRepository? {
        guard row.count >= 9, let name = row[0] as? String else { return nil }
        return FixtureRepository(
            id: id, name: name, description: row[1] as? String, language: row[2] as? String,
            stars: (row[3] as? NSNumber)?.intValue ?? 0, forks: (row[4] as? NSNumber)?.intValue ?? 0,
            pushedAt: (row[5] as? NSNumber)?.intValue ?? 0, createdAt: (row[6] as? NSNumber)?.intValue ?? 0,
            isFork: (row[7] as? Bool) ?? false, isArchived: (row[8] as? Bool) ?? false
        )
    }
}
