import ArgumentParser
import Foundation
import GitHubFixtureServer

/// Runs the GitHub double for demos and end-to-end tests: `github-fixture-server --port 8787`.
@main
struct FixtureServerCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "github-fixture-server",
        abstract: "A local stand-in for api.github.com serving a deterministic data set."
    )

    @Option(help: "Port on 127.0.0.1 (0 picks a free one).")
    var port: UInt16 = 8787

    @Option(help: "Search requests allowed per minute (default: GitHub's 10 anonymous / 30 with a token).")
    var searchLimit: Int?

    @Option(help: "Core requests allowed per hour (default: GitHub's 60 anonymous / 5,000 with a token).")
    var coreLimit: Int?

    @Option(help: "Write the chosen port to this file once listening (for scripts that use --port 0).")
    var portFile: String?

    @Option(help: "Accounts to serve: standard, or enterprise (the same ids under other logins, for a second server).")
    var dataSet: DataSetName = .standard

    @Option(help: ArgumentHelp("Make an account follow the data set's first N accounts, e.g. octocat=5000 (repeatable).", valueName: "login=N"))
    var following: [FollowingSetting] = []

    @Flag(help: "Log every request.")
    var verbose = false

    func run() async throws {
        let server = try await GitHubFixtureServer(port: port, data: dataSet.data, searchLimit: searchLimit, coreLimit: coreLimit, logsRequests: verbose)
        for setting in following {
            do {
                try server.setFollowing(of: setting.login, count: setting.count)
            } catch {
                await server.stop()
                throw ValidationError("--following \(setting.login)=\(setting.count): \(error)")
            }
        }
        if let portFile {
            try Data(String(server.baseURL.port ?? 0).utf8).write(to: URL(fileURLWithPath: portFile))
        }
        print("GitHub double listening on \(server.baseURL.absoluteString)  (GITHUB_API_URL=\(server.baseURL.absoluteString))")
        print("Faults: POST \(server.baseURL.absoluteString)/_fixture/faults  Stats: GET \(server.baseURL.absoluteString)/_fixture/stats")
        print("Tokens: POST \(server.baseURL.absoluteString)/_fixture/tokens  Stars: GET \(server.baseURL.absoluteString)/_fixture/starred/{login}")
        print("Follows: GET \(server.baseURL.absoluteString)/_fixture/following/{login}  POST \(server.baseURL.absoluteString)/_fixture/following")
        await server.waitUntilStopped()
    }
}

/// `--data-set`: which of the double's data sets to serve.
enum DataSetName: String, ExpressibleByArgument, CaseIterable {
    case standard, enterprise

    var data: FixtureDataSet { self == .standard ? .standard : .enterprise }
}

/// `--following login=N`.
struct FollowingSetting: ExpressibleByArgument {
    var login: String
    var count: Int

    init?(argument: String) {
        let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, let count = Int(parts[1]), count >= 0 else { return nil }
        login = parts[0]
        self.count = count
    }
}
