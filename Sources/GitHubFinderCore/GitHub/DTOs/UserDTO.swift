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

/// Decodes one array element without letting a malformed element fail the array.
struct LenientElement<Wrapped: Decodable & Sendable>: Decodable, Sendable {
    var value: Wrapped?

    init(from decoder: any Decoder) throws {
        value = try? Wrapped(from: decoder)
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
