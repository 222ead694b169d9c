import Foundation
@testable import GitHubFinderCore

/// One real GitHub response from `Tests/Fixtures/recordings/` (copied from
/// shared/github-api/recordings with its SOURCES.md, so a clone of the repository is enough).
struct Recording {
    let name: String
    let requestMethod: String
    let requestURL: URL?
    /// The recorded request's headers (credentials already replaced by a placeholder).
    let requestHeaders: [String: String]
    let response: HTTPResponseData
    let json: [String: Any]

    static let folder: URL = {
        // Tests/GitHubFinderCoreTests/Support/Recording.swift → Tests/Fixtures/recordings
        URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/recordings").standardizedFileURL
    }()

    /// The recordings directly in `recordings/`, or in one of its subfolders (`third-party`); never
    /// both: a subfolder's files are not counted with the top-level ones.
    static func all(in subfolder: String? = nil) throws -> [Recording] {
        try FileManager.default.contentsOfDirectory(atPath: directory(subfolder).path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
            .map { try load($0, in: subfolder) }
    }

    static func load(_ file: String, in subfolder: String? = nil) throws -> Recording {
        let root = try JSONSerialization.jsonObject(with: Data(contentsOf: directory(subfolder).appendingPathComponent(file))) as! [String: Any]
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
            requestMethod: request?["method"] as? String ?? "GET",
            requestURL: (request?["url"] as? String).flatMap(URL.init(string:)),
            requestHeaders: request?["headers"] as? [String: String] ?? [:],
            response: HTTPResponseData(status: response["status"] as! Int, headers: HTTPHeaderFields(headers), body: body),
            json: (response["body"] as? [String: Any]) ?? [:]
        )
    }

    private static func directory(_ subfolder: String?) -> URL {
        subfolder.map { folder.appendingPathComponent($0, isDirectory: true) } ?? folder
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
