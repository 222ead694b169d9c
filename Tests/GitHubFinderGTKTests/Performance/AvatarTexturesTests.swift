import Foundation
import GitHubFinderCore
import XCTest
@testable import GitHubFinderGTK

/// `AvatarTextures` over the real HTTP client: a host that cannot be reached is not asked again
/// for a while (offline, every row scrolled into view would start a request that fails).
final class AvatarTexturesTests: XCTestCase, @unchecked Sendable {
    /// A loopback port that was free a moment ago and that nothing listens on: connections
    /// to it are refused.
    private func refusedPort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                _ = bind(fd, $0, length)
                _ = getsockname(fd, $0, &length)
            }
        }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    func testAnUnreachableHostIsNotAskedAgainForAWhile() {
        MainActor.assumeIsolated {
            MainLoop.installDispatchBridge()
            let port = refusedPort()
            let client = GitHubClient(configuration: GitHubConfiguration(baseURL: URL(string: "http://127.0.0.1:\(port)")!))
            let avatars = AvatarTextures(api: client)
            let first = NSObject(), second = NSObject()
            var results: [String] = []
            avatars.load(URL(string: "http://127.0.0.1:\(port)/u/1")!, pixelSize: 64, for: first) { results.append($0 == nil ? "none" : "image") }
            XCTAssertTrue(MainLoop.run(until: { results.count == 1 }, timeout: 10), "the refused request ends")
            XCTAssertEqual(results, ["none"])
            XCTAssertEqual(avatars.statistics.requests, 1)

            // Another avatar on the same host: no request, no wait.
            avatars.load(URL(string: "http://127.0.0.1:\(port)/u/2")!, pixelSize: 64, for: second) { results.append($0 == nil ? "none" : "image") }
            XCTAssertEqual(results, ["none", "none"], "answered at once")
            XCTAssertEqual(avatars.statistics.requests, 1, "no second request")
            XCTAssertEqual(avatars.statistics.skippedUnreachable, 1)
        }
    }
}
