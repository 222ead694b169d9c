import Foundation
import Synchronization

/// Bodies of profile, repository and list responses by URL, with their ETag and the headers that
/// describe the body (`Link`), so the next request is conditional and a `304 Not Modified` (which
/// costs no quota, and may come with a reduced set of headers) is answered from here whole.
final class ConditionalCache: Sendable {
    struct Entry: Sendable {
        var etag: String
        var body: Data
        /// The `Link` header that came with the body: a list's paging.
        var link: String?
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var order: [String] = []
    }

    private let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 512) {
        self.capacity = capacity
    }

    func entry(for url: URL) -> Entry? {
        state.withLock { $0.entries[url.absoluteString] }
    }

    /// The bodies' bytes.
    var byteCount: Int {
        state.withLock { $0.entries.values.reduce(0) { $0 + $1.body.count } }
    }

    func removeAll() {
        state.withLock { $0 = State() }
    }

    func store(_ entry: Entry, for url: URL) {
        let key = url.absoluteString
        state.withLock { state in
            if state.entries.updateValue(entry, forKey: key) == nil {
                state.order.append(key)
            }
            // Oldest first out: a profile seen long ago is simply fetched again.
            while state.order.count > capacity {
                state.entries[state.order.removeFirst()] = nil
            }
        }
    }
}
