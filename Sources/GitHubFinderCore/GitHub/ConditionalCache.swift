import Foundation
import Synchronization

/// Bodies of profile, repository and list responses by URL, with their ETag and the headers that
/// describe the body (`Link`), so the next request is conditional and a `304 Not Modified` (which
/// costs no quota, and may come with a reduced set of headers) is answered from here whole.
///
/// Bounded twice, oldest first out: `capacity` entries and `byteCapacity` bytes of bodies. The
/// count alone does not bound the memory: a person's first page of repositories is ~150 KB (30
/// repositories, as GitHub sends them), so 512 of them could hold ~75 MB.
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
        var bytes = 0
    }

    private let capacity: Int
    private let byteCapacity: Int
    private let state = Mutex(State())

    /// 8 MB: the profiles, repositories and first pages of repositories of some fifty people.
    init(capacity: Int = 512, byteCapacity: Int = 8 << 20) {
        self.capacity = capacity
        self.byteCapacity = byteCapacity
    }

    func entry(for url: URL) -> Entry? {
        state.withLock { $0.entries[url.absoluteString] }
    }

    /// The bodies' bytes.
    var byteCount: Int {
        state.withLock { $0.bytes }
    }

    var count: Int {
        state.withLock { $0.entries.count }
    }

    func removeAll() {
        state.withLock { $0 = State() }
    }

    func store(_ entry: Entry, for url: URL) {
        let key = url.absoluteString
        state.withLock { state in
            if let replaced = state.entries.updateValue(entry, forKey: key) {
                state.bytes -= replaced.body.count
            } else {
                state.order.append(key)
            }
            state.bytes += entry.body.count
            // Oldest first out: a profile seen long ago is simply fetched again. The newest stays,
            // however large.
            while state.order.count > 1 && (state.order.count > capacity || state.bytes > byteCapacity) {
                if let removed = state.entries.removeValue(forKey: state.order.removeFirst()) {
                    state.bytes -= removed.body.count
                }
            }
        }
    }
}
