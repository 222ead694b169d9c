import Foundation
@testable import GitHubFinderCore

/// One real GitHub response from `Tests/Fixtures/recordings/` (copied from
/// shared/github-api/recordings with its SOURCES.md, so a clone of the repository is enough).
struct Recording {
    let name: String
    let requestURL: URL?
    let response: HTTPResponseData
    let json: [String: Any]

    static let folder: URL = {
        // Tests/GitHubFinderCoreTests/Support/Recording.swift → Tests/Fixtures/recordings
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/recordings").standardizedFileURL
    }()

    static func all() throws -> [Recording] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
            .map { try load($0) }
    }

    static func load(_ file: String) throws -> Recording {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(file))) as! [String: Any]
        let request = root["request"] as? [String: Any]
        let response = root["response"] as! [String: Any]
        let headers = (response["headers"] as? [[String]] ?? []).map { ($0[0], $0[1]) }
        let body: Data
        if let raw = response["body_raw"] as? String {
            body = Data(raw.utf8)
        } else if let object = response["body"], !(object is NSNull) {
            body = try JSONSerialization.data(withJSONObject: object, options: [.fragmentsAllowed])
        } else {
            body = Data()
        }
        return Recording(
            name: file,
            requestURL: (request?["url"] as? String).flatMap(URL.init(string:)),
            response: HTTPResponseData(status: response["status"] as! Int, headers: HTTPHeaderFields(headers), body: body),
            json: (response["body"] as? [String: Any]) ?? [:]
        )
    }
}

/// Answers every request with the same recorded response, and remembers what was asked.
final class ReplayTransport: HTTPTransport, @unchecked Sendable {
    private let lock = NSLock()
    private var responses: [HTTPResponseData]
    private(set) var requests: [HTTPRequestData] = []

    init(_ responses: HTTPResponseData...) {
        self.responses = responses
    }

    func send(_ request: HTTPRequestData) async throws(GitHubError) -> HTTPResponseData {
        lock.withLock {
            requests.append(request)
            return responses.count > 1 ? responses.removeFirst() : responses[0]
        }
    }
}

extension GitHubClient {
    /// A client against api.github.com whose transport replays `responses` in order.
    static func replaying(_ responses: HTTPResponseData...) -> (GitHubClient, ReplayTransport) {
        let transport = ReplayTransport()
        transport.setResponses(responses)
        return (GitHubClient(configuration: GitHubConfiguration(), transport: transport), transport)
    }
}

extension ReplayTransport {
    convenience init() { self.init(HTTPResponseData(status: 599, headers: HTTPHeaderFields(), body: Data())) }
    func setResponses(_ responses: [HTTPResponseData]) {
        lock.withLock { self.responses = responses }
    }
}
