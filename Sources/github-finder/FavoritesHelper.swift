import Foundation

/// Hands `github-finder favorites …` to the github-finder-favorites binary (exec: the same
/// process, so its output and exit status are the command's).
enum FavoritesHelper {
    static let name = "github-finder-favorites"

    static func run(_ arguments: [String]) -> Never {
        let folder = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [folder.appendingPathComponent(name), folder.appendingPathComponent("../libexec/\(name)").standardizedFileURL]
        guard let helper = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0.path) }) else {
            FileHandle.standardError.write(Data("Error: \(name) is not installed beside github-finder (looked in \(candidates.map(\.path)))\n".utf8))
            exit(1)
        }
        let argv = ([helper.path] + arguments).map { strdup($0) } + [nil]
        execv(helper.path, argv)
        FileHandle.standardError.write(Data("Error: \(helper.path) could not be run: \(String(cString: strerror(errno)))\n".utf8))
        exit(1)
    }
}
