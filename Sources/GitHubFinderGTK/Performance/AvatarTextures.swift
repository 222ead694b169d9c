import Foundation
import GitHubFinderCore

/// Avatar textures by URL and pixel size: fetched through the API client (which asks GitHub for
/// exactly that size and never sends credentials), decoded once, kept for reuse. A request made
/// for a list row belongs to that row: when the row scrolls away or shows someone else, the
/// request is cancelled unless another row still waits for the same image. A host that could not
/// be reached is not asked again for `unreachableSeconds`: offline, every row scrolled into view
/// would start a request that fails (PageDown held through 100,000 favorites started 39,000,
/// and their failures took a quarter of the app's CPU time and lengthened its frames).
@MainActor
final class AvatarTextures {
    /// What was fetched and kept, for the debug statistics and the memory benchmark.
    struct Statistics: Equatable {
        var requests = 0
        var decoded = 0
        var cancelled = 0
        var cached = 0
        /// Loads not started because their host could not be reached a moment ago.
        var skippedUnreachable = 0
    }

    static let unreachableSeconds = 5

    private struct InFlight {
        let serial: Int
        let task: Task<Void, Never>
        var waiters: [Int: @MainActor (Texture?) -> Void]
    }

    private let api: any GitHubAPI
    private let capacity: Int
    private var textures: [String: Texture] = [:]
    private var order: [String] = []
    private var inFlight: [String: InFlight] = [:]
    /// What each owner (a row) waits for: the key and its place among that key's waiters.
    private var owners: [ObjectIdentifier: (key: String, waiter: Int)] = [:]
    private var nextSerial = 0
    /// Hosts that could not be reached, and when to try them again.
    private var unreachable: [String: ContinuousClock.Instant] = [:]
    private(set) var statistics = Statistics()

    /// `capacity`: about ten screens of rows (some 6 KB each at a row's size); older textures
    /// are fetched again (GitHub's CDN caches them). More would keep memory resident only for
    /// scrolling back further than anyone does.
    init(api: any GitHubAPI, capacity: Int = 150) {
        self.api = api
        self.capacity = capacity
    }

    /// The texture if it is already decoded; never starts a request.
    func cached(_ url: URL?, pixelSize: Int) -> Texture? {
        url.flatMap { textures[Self.key($0, pixelSize)] }
    }

    /// Loads the avatar for `owner`, replacing (and, if nobody else waits, cancelling) whatever
    /// `owner` waited for before. `completion` runs once with the texture, or nil on failure.
    func load(_ url: URL, pixelSize: Int, for owner: AnyObject, completion: @escaping @MainActor (Texture?) -> Void) {
        let key = Self.key(url, pixelSize)
        if owners[ObjectIdentifier(owner)]?.key == key { return }
        cancel(for: owner)
        if let texture = textures[key] {
            completion(texture)
            return
        }
        if isUnreachable(url) { return completion(nil) }
        owners[ObjectIdentifier(owner)] = (key, wait(for: key, url: url, pixelSize: pixelSize, completion: completion))
    }

    /// `owner` no longer needs its avatar: the request stops if nobody else waits for it.
    func cancel(for owner: AnyObject) {
        guard let (key, waiter) = owners.removeValue(forKey: ObjectIdentifier(owner)), var request = inFlight[key] else { return }
        request.waiters[waiter] = nil
        if request.waiters.isEmpty {
            request.task.cancel()
            inFlight[key] = nil
            statistics.cancelled += 1
        } else {
            inFlight[key] = request
        }
    }

    /// The texture now if cached; otherwise nil, and `completion` runs when it arrives. For
    /// single images (the detail pane, the signed-in account) that are never cancelled.
    func texture(for url: URL?, pixelSize: Int, completion: @escaping @MainActor (Texture?) -> Void) -> Texture? {
        guard let url else { return nil }
        if let texture = cached(url, pixelSize: pixelSize) { return texture }
        if isUnreachable(url) {
            completion(nil)
            return nil
        }
        _ = wait(for: Self.key(url, pixelSize), url: url, pixelSize: pixelSize, completion: completion)
        return nil
    }

    /// Joins the request for `key`, starting it if none runs; returns the waiter's number.
    private func wait(for key: String, url: URL, pixelSize: Int, completion: @escaping @MainActor (Texture?) -> Void) -> Int {
        nextSerial += 1
        let serial = nextSerial
        if inFlight[key] != nil {
            inFlight[key]!.waiters[serial] = completion
            return serial
        }
        statistics.requests += 1
        let task = Task { [api] in
            do {
                let data = try await api.avatar(url, pixelSize: pixelSize)
                self.finish(key: key, serial: serial, data: data)
            } catch {
                if case GitHubError.offline? = error as? GitHubError, let host = url.host {
                    self.unreachable[host] = .now + .seconds(Self.unreachableSeconds)
                }
                self.finish(key: key, serial: serial, data: nil)
            }
        }
        inFlight[key] = InFlight(serial: serial, task: task, waiters: [serial: completion])
        return serial
    }

    /// Whether `url`'s host could not be reached a moment ago (the load is skipped and counted).
    private func isUnreachable(_ url: URL) -> Bool {
        guard let host = url.host, let retry = unreachable[host] else { return false }
        guard ContinuousClock.now < retry else {
            unreachable[host] = nil
            return false
        }
        statistics.skippedUnreachable += 1
        return true
    }

    var count: Int { textures.count }

    /// The decoded pixels kept (4 bytes each).
    var byteCount: Int { textures.values.reduce(0) { $0 + Int($1.width) * Int($1.height) * 4 } }

    /// Forgets every kept texture (rows on screen keep theirs); requests under way go on.
    func removeAll() {
        textures = [:]
        order = []
        statistics.cached = 0
    }

    private func finish(key: String, serial: Int, data: Data?) {
        // A cancelled request, or one replaced by a newer request for the same key, is dropped.
        guard let request = inFlight[key], request.serial == serial else { return }
        inFlight[key] = nil
        let texture = data.flatMap { Texture(data: Array($0)) }
        if let texture {
            statistics.decoded += 1
            store(texture, for: key)
        }
        owners = owners.filter { $0.value.key != key }
        for completion in request.waiters.values { completion(texture) }
    }

    private func store(_ texture: Texture, for key: String) {
        textures[key] = texture
        order.append(key)
        if order.count > capacity { textures[order.removeFirst()] = nil }
        statistics.cached = textures.count
    }

    private static func key(_ url: URL, _ pixelSize: Int) -> String { "\(pixelSize)|\(url.absoluteString)" }
}
