import Foundation

/// Turns a non-success HTTP response into the typed error the UI explains.
enum GitHubResponseClassifier {
    static func error(for response: HTTPResponseData, resource: String) -> GitHubError {
        let body = try? JSONDecoder().decode(ErrorBodyDTO.self, from: response.body)
        let message = body?.message
        switch response.status {
        case 401:
            return .unauthorized(message: message ?? "Requires authentication")
        case 403, 429:
            return rateLimitError(response, message: message, resource: resource)
                ?? .forbidden(message: message ?? "Forbidden")
        case 404:
            return .notFound
        case 422:
            let details = (body?.errors ?? []).compactMap(\.value).compactMap(describe)
            return .validationFailed(message: message ?? "Validation Failed", details: details)
        case 500...599:
            return .serverError(status: response.status)
        default:
            return .unexpectedStatus(response.status, message: message)
        }
    }

    /// The same for a change (PUT, DELETE): a 403 that is not a rate limit, or a 404, is a
    /// refusal carrying GitHub's message and the scopes the headers name.
    static func changeError(for response: HTTPResponseData, resource: String) -> GitHubError {
        let error = error(for: response, resource: resource)
        switch error {
        case .forbidden(let message):
            return .refused(GitHubRefusal(status: response.status, message: message, headers: response.headers))
        case .notFound:
            let message = (try? JSONDecoder().decode(ErrorBodyDTO.self, from: response.body))?.message ?? "Not Found"
            return .refused(GitHubRefusal(status: 404, message: message, headers: response.headers))
        default:
            return error
        }
    }

    /// Secondary limits are told by their message or a `retry-after`; primary ones by
    /// `x-ratelimit-remaining: 0` (GitHub's docs; the wording of messages has changed over time).
    private static func rateLimitError(_ response: HTTPResponseData, message: String?, resource: String) -> GitHubError? {
        let lowered = message?.lowercased() ?? ""
        let retryAfter = response.headers["retry-after"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        if lowered.contains("secondary rate limit") || lowered.contains("abuse") || retryAfter != nil {
            return .secondaryRateLimited(retryAfter: retryAfter)
        }
        if let limit = RateLimit(headers: response.headers, fallbackResource: resource), limit.isExhausted {
            return .rateLimited(resetsAt: limit.resetsAt, resource: limit.resource)
        }
        if lowered.contains("rate limit exceeded") {
            // A primary-limit message without usable headers: GitHub resets within the hour.
            return .rateLimited(resetsAt: Date().addingTimeInterval(3600), resource: resource)
        }
        return nil
    }

    private static func describe(_ error: ErrorBodyDTO.FieldError) -> String? {
        if let message = error.message, !message.isEmpty { return message }
        guard let field = error.field, let code = error.code else { return nil }
        switch code {
        case "missing", "missing_field": return "\(field) is missing"
        case "invalid": return "\(field) is invalid"
        case "already_exists": return "\(field) already exists"
        default: return "\(field): \(code)"
        }
    }

    /// Decodes a success body, naming what failed so the error page can say something useful.
    static func decode<T: Decodable>(_ type: T.Type, from body: Data, what: String) throws(GitHubError) -> T {
        do {
            return try JSONDecoder().decode(type, from: body)
        } catch {
            throw .undecodable("\(what): \(reason(body: body, error: error))")
        }
    }

    private static func reason(body: Data, error: any Error) -> String {
        let start = body.first { !Set<UInt8>([0x20, 0x0A, 0x0D, 0x09]).contains($0) }
        if body.isEmpty { return "empty body" }
        if start == UInt8(ascii: "<") { return "an HTML page instead of JSON" }
        switch error {
        case DecodingError.dataCorrupted: return "malformed or truncated JSON"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return "unexpected value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        default: return "unreadable JSON"
        }
    }
}
