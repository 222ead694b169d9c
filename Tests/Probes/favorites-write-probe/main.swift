import Foundation
import GitHubFinderCore

// favorites-write-probe FILE — stars users 1, 2, 3… in FILE and prints "ack N" after each write
// returns (unbuffered), until killed.
// favorites-write-probe --stars FILE — signed in and offline, stars and unstars repositories
// 1…20 in turn (each flips), printing "ack star ID" / "ack unstar ID" after each returns.
// The durability tests kill it with SIGKILL mid-stream.
let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count == 1 || (arguments.count == 2 && arguments[0] == "--stars") else {
    FileHandle.standardError.write(Data("usage: favorites-write-probe [--stars] FILE\n".utf8))
    exit(2)
}
do {
    let database = try AppDatabase.open(at: URL(fileURLWithPath: arguments[arguments.count - 1]))
    if arguments.count == 2 {
        try MainActor.assumeIsolated { try starBurst(database) }
    } else {
        for n in 0..<1_000_000 {
            try database.save(PersonFavorite(id: UserID(n + 1), login: "user\(n)", name: "User \(n)"))
            FileHandle.standardOutput.write(Data("ack \(n)\n".utf8))
        }
    }
} catch {
    FileHandle.standardError.write(Data("probe failed: \(error)\n".utf8))
    exit(1)
}

/// Signed in (a token) with no sync: every change waits in the outbox, as when offline.
@MainActor func starBurst(_ database: AppDatabase) throws {
    let starring = StoreRepositoryStarring(store: GRDBFavoritesStore<Repositories>(database: database), credentials: Credentials(token: "ghp_probe"), sync: nil)
    var starred = try database.favoriteIDs(of: Repositories.self)
    for n in 0..<1_000_000 {
        let id = Int64(n % 20 + 1)
        let repository = Repository(id: id, name: "repo\(id)", fullName: "owner/repo\(id)", description: nil, language: nil, stars: 0, forks: 0,
                                    isFork: false, isArchived: false, pushedAt: nil, htmlURL: nil)
        if starred.contains(id) {
            try starring.unstar(repository)
            starred.remove(id)
            FileHandle.standardOutput.write(Data("ack unstar \(id)\n".utf8))
        } else {
            try starring.star(repository)
            starred.insert(id)
            FileHandle.standardOutput.write(Data("ack star \(id)\n".utf8))
        }
    }
}
