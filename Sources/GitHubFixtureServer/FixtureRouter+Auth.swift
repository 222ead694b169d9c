import FlyingFox
import Foundation

extension FixtureRouter {
    /// `GET /user`: the account of the token, with the follow counts its lists agree with; 401
    /// without one.
    func authenticatedUser(_ context: FixtureContext) -> HTTPResponse {
        guard let login = context.login, let user = data.user(login: login) else {
            return context.json(401, FixtureJSON.error("Requires authentication", status: 401))
        }
        return context.json(200, FixtureJSON.encode(FixtureJSON.profile(withFollowCounts(user), base: context.base)))
    }

    /// The OAuth device flow (FACTS.md §11): JSON when asked for it, and every poll answer is
    /// HTTP 200 with the outcome in the body's `error` field, as GitHub does.
    func deviceFlow(_ context: FixtureContext) async -> HTTPResponse {
        let body = (try? await context.request.bodyData) ?? Data()
        let form = FixtureQuery.parse(String(decoding: body, as: UTF8.self))
        let json = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
        func field(_ name: String) -> String? { form[name] ?? json[name] as? String }
        guard context.request.method == .POST, let clientID = field("client_id"), !clientID.isEmpty else {
            return context.json(200, FixtureJSON.encode(["error": "incorrect_client_credentials", "error_description": "The client_id is not valid."]))
        }
        if context.route == .deviceCode {
            let started = auth.startDeviceFlow(scope: field("scope") ?? "")
            return context.json(200, FixtureJSON.encode([
                "device_code": started.deviceCode, "user_code": started.userCode,
                "verification_uri": "\(context.base)/login/device", "expires_in": started.script.expiresIn, "interval": started.script.interval,
            ]))
        }
        guard field("grant_type") == "urn:ietf:params:oauth:grant-type:device_code" else {
            return context.json(200, FixtureJSON.encode(["error": "unsupported_grant_type", "error_description": "Wrong grant_type."]))
        }
        let answer = auth.poll(field("device_code") ?? "")
        if let token = answer.token {
            return context.json(200, FixtureJSON.encode(["access_token": token, "token_type": "bearer", "scope": answer.scopes.sorted().joined(separator: ",")]))
        }
        var object: [String: Any] = ["error": answer.error ?? "unknown", "error_description": Self.describe(answer.error)]
        if let interval = answer.interval { object["interval"] = interval }
        return context.json(200, FixtureJSON.encode(object))
    }

    private static func describe(_ code: String?) -> String {
        switch code {
        case "authorization_pending": "The authorization request is still pending."
        case "slow_down": "Too many requests have been made in the same timeframe."
        case "expired_token": "The device code has expired."
        case "access_denied": "The authorization request was denied."
        default: "The device code is not valid."
        }
    }
}
