import Foundation

extension FixtureDataSet {
    /// A second server's accounts whose ids collide with `standard`'s, as a GitHub Enterprise
    /// Server's do with github.com's: the same ids in the same order, but each account, with its
    /// profile and repositories (and their ids), takes the id of the account before it, and the
    /// first account takes the last one's. So id 1125 is octocat on `standard` and mojombo here, and
    /// octocat signs in here too, under another id. Made from `standard` in memory.
    public static let enterprise: FixtureDataSet = standard.withIDsShifted()

    private func withIDsShifted() -> FixtureDataSet {
        var shifted: [FixtureUser] = []
        var repositories: [Int64: [FixtureRepository]] = [:]
        for (index, id) in users.map(\.id).enumerated() {
            var user = users[(index + 1) % users.count]
            repositories[id] = repositoriesByUser[user.id]?.map { repo in
                var moved = repo
                moved.ownerID = id
                return moved
            }
            user.id = id
            shifted.append(user)
        }
        return FixtureDataSet(users: shifted, repositoriesByUser: repositories, readmes: readmes)
    }
}
