import Foundation

/// A parsed RFC 8288 `Link` header: `<url>; rel="next", <url>; rel="last"` in any order.
public struct LinkHeader: Sendable, Hashable {
    public private(set) var links: [String: URL] = [:]

    /// Parses the header value; malformed entries are skipped rather than failing the page.
    public init(_ value: String?) {
        guard let value else { return }
        for entry in Self.splitEntries(value) {
            guard let open = entry.firstIndex(of: "<"), let close = entry[open...].firstIndex(of: ">") else { continue }
            let target = String(entry[entry.index(after: open)..<close])
            guard let url = URL(string: target) else { continue }
            for parameter in entry[entry.index(after: close)...].split(separator: ";") {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == "rel" else { continue }
                let rels = pair[1].trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
                for rel in rels.split(separator: " ") where links[String(rel)] == nil {
                    links[String(rel)] = url
                }
            }
        }
    }

    public var next: URL? { links["next"] }
    public var last: URL? { links["last"] }
    public var first: URL? { links["first"] }
    public var prev: URL? { links["prev"] }

    /// Splits on commas that separate entries, not commas inside `<…>` (URLs may contain them).
    private static func splitEntries(_ value: String) -> [Substring] {
        var entries: [Substring] = []
        var start = value.startIndex
        var insideURL = false
        for index in value.indices {
            switch value[index] {
            case "<": insideURL = true
            case ">": insideURL = false
            case "," where !insideURL:
                entries.append(value[start..<index])
                start = value.index(after: index)
            default: break
            }
        }
        entries.append(value[start...])
        return entries
    }
}
