import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("The command line")
struct LaunchCommandTests {
    @Test func nothingRunsTheAppAgainstItsDefaultServer() {
        #expect(LaunchCommand.parse([]) == .success(.run(apiURL: nil, search: nil, benchmarkStartup: false)))
    }

    @Test func eachOptionTakesItsValueSeparatedOrAfterAnEqualsSign() {
        let url = URL(string: "http://127.0.0.1:8787")!
        #expect(LaunchCommand.parse(["--api-url", "http://127.0.0.1:8787", "--search", "linus torvalds", "--benchmark-startup"])
            == .success(.run(apiURL: url, search: "linus torvalds", benchmarkStartup: true)))
        #expect(LaunchCommand.parse(["--search=a=b", "--api-url=http://127.0.0.1:8787"]) == .success(.run(apiURL: url, search: "a=b", benchmarkStartup: false)))
    }

    @Test func dBusStartsItAsAServiceWithNoWindow() {
        #expect(LaunchCommand.parse(["--gapplication-service"]) == .success(.run(apiURL: nil, search: nil, benchmarkStartup: false, service: true)))
        #expect(LaunchCommand.parse(["--gapplication-service=yes"]) == .failure(.init(message: "'--gapplication-service' takes no value")))
        #expect(LaunchCommand.helpText.contains("--gapplication-service"))
    }

    @Test func helpAndVersionWinWhereverTheyAre() {
        #expect(LaunchCommand.parse(["--search", "x", "--help"]) == .success(.help))
        #expect(LaunchCommand.parse(["-h"]) == .success(.help))
        #expect(LaunchCommand.parse(["--version"]) == .success(.version))
        #expect(LaunchCommand.helpText.contains("--api-url <api-url>"))
    }

    @Test func mistakesAreSaidPlainly() {
        #expect(LaunchCommand.parse(["--api-url", "ftp://example.com"]) == .failure(.init(message: "--api-url must be an http(s) URL, e.g. https://api.github.com")))
        #expect(LaunchCommand.parse(["--api-url", "not a url"]) == .failure(.init(message: "--api-url must be an http(s) URL, e.g. https://api.github.com")))
        #expect(LaunchCommand.parse(["--search"]) == .failure(.init(message: "Missing value for '--search <search>'")))
        #expect(LaunchCommand.parse(["--bogus"]) == .failure(.init(message: "Unknown option '--bogus'")))
        #expect(LaunchCommand.parse(["--benchmark-startup=yes"]) == .failure(.init(message: "'--benchmark-startup' takes no value")))
        #expect(LaunchCommand.parse(["octocat"]) == .failure(.init(message: "Unexpected argument 'octocat'")))
    }
}
