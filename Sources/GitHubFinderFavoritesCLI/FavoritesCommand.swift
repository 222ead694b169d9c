import ArgumentParser
import Foundation
import GitHubFinderCore

/// `github-finder favorites …` as the app's binary runs it, in process: the arguments after
/// `favorites`. Exits with the command's status.
public enum FavoritesCLI {
    public static func main(_ arguments: [String]) -> Never {
        FavoritesCommand.main(arguments)
        exit(0)
    }
}

/// `github-finder favorites list|export|import`: the favorites database for scripts and
/// backups, with no window and no GTK. Each works on one server's favorites: `--server`, else
/// `GITHUB_API_URL`, else the server chosen in Preferences, else github.com.
struct FavoritesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "github-finder favorites",
        abstract: "List, export or import favorites without opening a window.",
        version: AppVersion.string,
        subcommands: [List.self, Export.self, Import.self]
    )

    struct ServerOptions: ParsableArguments {
        @Option(help: "The GitHub API whose favorites to use (default: $GITHUB_API_URL, else the server chosen in Preferences, else https://api.github.com).")
        var server: String?

        func url() throws -> URL {
            if let server {
                switch ServerAddress.parse(server) {
                case .success(let url): return url
                case .failure(let problem): throw ValidationError(problem.message)
                }
            }
            return GitHubConfiguration.fromEnvironment(preferred: PreferencesStore().load().apiURL).baseURL
        }

        func database() throws -> (AppDatabase, URL) {
            let server = try url()
            let database = try AppDatabase.open(at: FavoritesLocation.file(for: server, in: FavoritesLocation.defaultFolder()))
            if let recovery = database.recovery { FileHandle.standardError.write(Data("\(recovery.message)\n".utf8)) }
            return (database, server)
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print every favorite, one per line: kind, id, login or owner/name, and name or description, separated by tabs.")

        @OptionGroup var options: ServerOptions

        func run() throws { try reportingFailures(list) }

        private func list() throws {
            let (database, server) = try options.database()
            let archive = try database.exportArchive(server: server)
            var out = ""
            for person in archive.people { out += Self.line(["person", String(person.id), person.login, person.name ?? ""]) }
            for repository in archive.repositories {
                out += Self.line(["repository", String(repository.id), repository.fullName, repository.description ?? ""])
            }
            FileHandle.standardOutput.write(Data(out.utf8))
        }

        /// Tabs and line breaks inside a value become spaces: one favorite, one line.
        static func line(_ fields: [String]) -> String {
            fields.map { $0.map { $0 == "\t" || $0.isNewline ? " " : $0 }.map(String.init).joined() }.joined(separator: "\t") + "\n"
        }
    }

    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Write every favorite, with the dates they were starred, to a JSON or CSV file.")

        @OptionGroup var options: ServerOptions

        @Option(name: [.short, .long], help: "The file to write (default: standard output).")
        var output: String?

        @Option(help: "json or csv (default: from the file name's extension, else json).")
        var format: FavoritesArchive.FileFormat?

        func run() throws { try reportingFailures(export) }

        private func export() throws {
            let (database, server) = try options.database()
            let archive = try database.exportArchive(server: server)
            guard let output else {
                FileHandle.standardOutput.write(archive.data(format ?? .json))
                return
            }
            let url = URL(fileURLWithPath: output)
            try archive.write(to: url, format: format ?? FavoritesArchive.FileFormat(url: url) ?? .json)
            FileHandle.standardError.write(Data("\(archive.people.count) people and \(archive.repositories.count) repositories written to \(output)\n".utf8))
        }
    }

    struct Import: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Merge favorites from a JSON or CSV file made by Export: new ones are added, known ones updated, none removed. A file with anything wrong changes nothing.")

        @OptionGroup var options: ServerOptions

        @Argument(help: "The file to read.")
        var file: String

        @Option(help: "json or csv (default: from the file name's extension).")
        var format: FavoritesArchive.FileFormat?

        func run() throws { try reportingFailures(merge) }

        private func merge() throws {
            let server = try options.url()
            let archive = try FavoritesArchive.read(from: URL(fileURLWithPath: file), format: format, into: server)
            let (database, _) = try options.database()
            let summary = try database.importArchive(archive)
            FileHandle.standardOutput.write(Data("\(summary.message)\n".utf8))
        }
    }
}

extension FavoritesArchive.FileFormat: ExpressibleByArgument {}

extension ParsableCommand {
    /// Runs `body`; a refused file or a database that cannot be used is said in the user's
    /// words on standard error, with exit status 1 (usage errors stay ArgumentParser's, 64).
    func reportingFailures(_ body: () throws -> Void) throws {
        do {
            try body()
        } catch let error as any LocalizedError {
            FileHandle.standardError.write(Data("Error: \(error.errorDescription ?? String(describing: error))\n".utf8))
            throw ExitCode.failure
        }
    }
}
