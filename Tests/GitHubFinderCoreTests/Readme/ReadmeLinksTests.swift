import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("README: links and images")
struct ReadmeLinksTests {
    let github = ReadmeLinks(repositoryPage: URL(string: "https://github.com/apple/swift-nio")!, branch: "main")
    let double = ReadmeLinks(repositoryPage: URL(string: "http://127.0.0.1:8080/apple/swift-nio")!, branch: "release/2.x", apiHost: "127.0.0.1")

    @Test func relativeLinksPointIntoTheRepositoryAtItsBranch() {
        #expect(github.link("docs/a b.md#x") == .web(URL(string: "https://github.com/apple/swift-nio/blob/main/docs/a%20b.md#x")!))
        #expect(github.link("./../../etc/passwd") == .web(URL(string: "https://github.com/apple/swift-nio/blob/main/etc/passwd")!))
        #expect(github.link("/Sources") == .web(URL(string: "https://github.com/apple/swift-nio/blob/main/Sources")!))
        #expect(double.link("x.md") == .web(URL(string: "http://127.0.0.1:8080/apple/swift-nio/blob/release/2.x/x.md")!))
        #expect(github.link("#Usage%20Notes") == .anchor("usage notes"))
        #expect(github.link("//cdn.example/x") == .web(URL(string: "https://cdn.example/x")!))
    }

    @Test func onlyWebSchemesAreLinks() {
        for refused in ["javascript:alert(1)", "JavaScript:alert(1)", " javascript:x", "data:text/html,x", "file:///etc/passwd", "mailto:a@b.c", "vbscript:x", "http://", "#", ""] {
            #expect(github.link(refused) == nil, "\(refused)")
        }
        #expect(github.link("HTTPS://Example.com/x") != nil)
    }

    @Test func imagesComeFromRawFilesAndOnlyGitHubHostsAreTrusted() {
        #expect(github.image("img/logo.png")?.source.absoluteString == "https://raw.githubusercontent.com/apple/swift-nio/main/img/logo.png")
        #expect(github.image("https://github.com/apple/swift-nio/blob/main/x.png")?.source.absoluteString == "https://raw.githubusercontent.com/apple/swift-nio/main/x.png")
        #expect(double.image("img/logo.png")?.source.absoluteString == "http://127.0.0.1:8080/apple/swift-nio/raw/release/2.x/img/logo.png")
        #expect(double.image("img/logo.png")?.isGitHubHosted == true, "the API server's own host")
        let trusted = ["https://user-images.githubusercontent.com/1/x.png", "https://camo.githubusercontent.com/abc", "https://avatars.githubusercontent.com/u/1",
                       "https://github.com/apple/swift-nio/raw/main/x.png", "https://private-user-images.githubusercontent.com/x",
                       "https://github.com/apple/swift-nio/actions/workflows/ci.yml/badge.svg"]
        for url in trusted { #expect(github.image(url)?.isGitHubHosted == true, "\(url)") }
        let external = ["https://img.shields.io/badge/x", "https://raw.githubusercontent.com.evil.example/x",
                        "http://tracker.example/pixel.gif"]
        for url in external { #expect(github.image(url)?.isGitHubHosted == false, "\(url)") }
        #expect(github.image("data:image/png;base64,AAAA") == nil && github.image("file:///x.png") == nil && github.image("javascript:x") == nil)
    }
}
