import Foundation
import GitHubFinderCore

// favorites-write-probe FILE — stars users 1, 2, 3… in FILE and prints "ack N" after each write
// returns (unbuffered), until killed. The durability test kills it with SIGKILL mid-stream.
guard CommandLine.arguments.count == 2 else {
    FileHandle.standardError.write(Data("usage: favorites-write-probe FILE\n".utf8))
    exit(2)
}
do {
    let database = try AppDatabase.open(at: URL(fileURLWithPath: CommandLine.arguments[1]))
    for n in 0..<1_000_000 {
        try database.saveFavorite(Favorite(id: UserID(n + 1), login: "user\(n)", name: "User \(n)"))
        FileHandle.standardOutput.write(Data("ack \(n)\n".utf8))
    }
} catch {
    FileHandle.standardError.write(Data("probe failed: \(error)\n".utf8))
    exit(1)
}
