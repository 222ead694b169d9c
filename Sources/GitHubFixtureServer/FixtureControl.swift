import FlyingFox
import Foundation

/// `/_fixture/*`: lets a test or demo in another process switch faults and read counters.
///
/// - `POST /_fixture/faults` with a `FixtureFault` JSON body adds a fault.
/// - `DELETE /_fixture/faults` clears them.
/// - `GET /_fixture/stats` returns request counts per route.
struct FixtureControl {
    let state: FixtureState

    func handle(_ context: FixtureContext) async -> HTTPResponse {
        switch (context.request.method, context.path) {
        case (.POST, "/_fixture/faults"):
            guard let fault = try? JSONDecoder().decode(FixtureFault.self, from: await context.request.bodyData) else {
                return context.json(400, FixtureJSON.error("Body must be a FixtureFault", status: 400))
            }
            state.inject(fault)
            return context.json(201, FixtureJSON.encode(["ok": true]))
        case (.DELETE, "/_fixture/faults"):
            state.clearFaults()
            return context.json(200, FixtureJSON.encode(["ok": true]))
        case (.GET, "/_fixture/stats"):
            let counts = Dictionary(uniqueKeysWithValues: FixtureRoute.allCases.map { ($0.rawValue, state.count($0)) })
            return context.json(200, FixtureJSON.encode(["requests": counts]))
        default:
            return context.json(404, FixtureJSON.error("Not Found", status: 404))
        }
    }
}
