import Foundation

/// A user as GitHub sends it, in search items and in `GET /users/{login}`. Every field is
/// optional so missing, `null` and unknown fields never fail a whole page.
struct UserDTO: Decodable, Sendable {
    var login: String?
    var id: Int64?
    var avatar_url: String?
    var html_url: String?
    var type: String?
    var name: String?
    var company: String?
    var blog: String?
    var location: String?
    var bio: String?
    var public_repos: Int?
    var followers: Int?
    var following: Int?
    var created_at: String?
}

/// A user-search item: only what a result row needs, so decoding a page stays cheap.
struct SearchItemDTO: Decodable, Sendable {
    var login: String?
    var id: Int64?
    var avatar_url: String?
    var html_url: String?
    var type: String?
}

/// `{total_count, incomplete_results, items}`: the envelope of every search endpoint.
struct SearchEnvelopeDTO<Item: Decodable & Sendable>: Decodable, Sendable {
    var total_count: Int?
    var incomplete_results: Bool?
    var items: [LenientElement<Item>]?
}

/// The same envelope decoded strictly per item: the fast path, taken when every item decodes.
struct StrictSearchEnvelopeDTO<Item: Decodable & Sendable>: Decodable, Sendable {
    var total_count: Int?
    var incomplete_results: Bool?
    var items: [Item]?
}

/// Decodes one array element without letting a malformed element fail the array, keeping
/// which field made it fail so a list that must be whole can say so.
struct LenientElement<Wrapped: Decodable & Sendable>: Decodable, Sendable {
    var value: Wrapped?
    /// The field that did not decode (or "the item" when the element itself was wrong).
    var failedField: String?

    init(from decoder: any Decoder) throws {
        do {
            value = try Wrapped(from: decoder)
        } catch {
            failedField = Self.field(of: error, below: decoder.codingPath.count)
        }
    }

    private static func field(of error: any Error, below depth: Int) -> String {
        let path: [any CodingKey]
        switch error {
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context), DecodingError.dataCorrupted(let context):
            path = context.codingPath
        case DecodingError.keyNotFound(let key, let context):
            path = context.codingPath + [key]
        default:
            path = []
        }
        let inside = path.dropFirst(depth).map(\.stringValue)
        return inside.isEmpty ? "the item" : inside.joined(separator: ".")
    }
}

/// GitHub's error body: `{message, errors[], documentation_url, status}`.
struct ErrorBodyDTO: Decodable, Sendable {
    struct FieldError: Decodable, Sendable {
        var resource: String?
        var field: String?
        var code: String?
        var message: String?
    }

    var message: String?
    var errors: [LenientElement<FieldError>]?
}
