import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import GitHubFixtureServer

/// Plain URLSession requests to a double, as any client would make them.
enum FixtureHTTP {
    struct Response {
        var status: Int
        /// Header values by lowercased name.
        var headers: [String: String]
        var body: Data

        func json() throws -> Any { try JSONSerialization.jsonObject(with: body) }
        var object: [String: Any] { (try? json()) as? [String: Any] ?? [:] }
        var array: [[String: Any]] { (try? json()) as? [[String: Any]] ?? [] }
        /// `items` of a search body, or the elements of a list body.
        var items: [[String: Any]] { object["items"] as? [[String: Any]] ?? array }
    }

    static func get(_ server: GitHubFixtureServer, _ target: String, token: String? = nil, headers: [String: String] = [:]) async throws -> Response {
        try await send(server, "GET", target, token: token, headers: headers)
    }

    static func send(_ server: GitHubFixtureServer, _ method: String, _ target: String, token: String? = nil, headers: [String: String] = [:], body: Data? = nil) async throws -> Response {
        var request = URLRequest(url: URL(string: server.baseURL.absoluteString + target)!)
        request.httpMethod = method
        request.httpBody = body
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = response as! HTTPURLResponse
        var fields: [String: String] = [:]
        for (name, value) in http.allHeaderFields { fields["\(name)".lowercased()] = "\(value)" }
        return Response(status: http.statusCode, headers: fields, body: data)
    }

    /// A path segment percent-encoded as a client must send it (the Korean repository, say).
    static func segment(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "-._~")))!
    }
}
