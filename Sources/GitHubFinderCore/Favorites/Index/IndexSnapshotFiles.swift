import Foundation
import Synchronization

/// The folder an `AppDatabase` keeps its index snapshots in (`IndexSnapshot`), and the writing
/// of them: a snapshot is written a while after the last change (`delay`), not on every star
/// (20 MB for 100,000 favorites), and whatever is still waiting is written when the app quits
/// (`flushAll`). One lost (a crash) costs one build from SQLite at the next start, nothing else.
final class IndexSnapshotFiles: Sendable {
    let folder: URL
    let delay: Duration
    private let queue = DispatchQueue(label: "GitHubFinder.IndexSnapshots", qos: .utility)
    /// Per file name: the latest index waiting to be written, and a number telling a stale
    /// timer from the latest one.
    private let pending = Mutex<[String: Pending]>([:])

    private struct Pending: Sendable {
        var serial: Int
        var write: @Sendable () -> Void
    }

    /// Every folder in use in this process, for `flushAll`.
    private static let live = Mutex<[ObjectIdentifier: Weak]>([:])

    private struct Weak: @unchecked Sendable {
        weak var files: IndexSnapshotFiles?
    }

    init(folder: URL, delay: Duration = .seconds(10)) {
        self.folder = folder
        self.delay = delay
        Self.live.withLock { $0[ObjectIdentifier(self)] = Weak(files: self) }
    }

    deinit {
        // Off whatever thread let go of the database (the main one, when the server changed).
        let waiting = takeAll()
        if !waiting.isEmpty { DispatchQueue.global(qos: .utility).async { for item in waiting { item.write() } } }
        Self.live.withLock { _ = $0.removeValue(forKey: ObjectIdentifier(self)) }
    }

    func file(_ name: String) -> URL {
        folder.appendingPathComponent("\(name).index")
    }

    /// The snapshot `name` if it was saved from `generation` with `layout`.
    func read<Extra: FavoriteExtra>(_ name: String, generation: Int64, layout: String, shape: LetterIndexShape) -> LetterIndex<Extra>? {
        IndexSnapshot.read(file(name), generation: generation, layout: layout, shape: shape)
    }

    /// Writes `index` as snapshot `name` after `delay`, unless a newer one replaces it first.
    func schedule<Extra: FavoriteExtra>(_ name: String, index: LetterIndex<Extra>, generation: Int64, layout: String) {
        let file = file(name), folder = folder
        let write: @Sendable () -> Void = {
            do {
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try IndexSnapshot.write(index, generation: generation, layout: layout, to: file)
            } catch {
                // A cache: the index is built from SQLite next time (a file left from an earlier
                // generation is never read for this one).
            }
        }
        let serial = pending.withLock { pending in
            let serial = (pending[name]?.serial ?? 0) + 1
            pending[name] = Pending(serial: serial, write: write)
            return serial
        }
        let (seconds, attoseconds) = delay.components
        queue.asyncAfter(deadline: .now() + Double(seconds) + Double(attoseconds) / 1e18) { [weak self] in
            self?.writePending(name, serial: serial)
        }
    }

    /// Writes every snapshot still waiting, now (on the queue, so never beside a timer's write).
    func flush() {
        queue.sync { for item in takeAll() { item.write() } }
    }

    private func takeAll() -> [Pending] {
        pending.withLock { pending in
            defer { pending.removeAll() }
            return Array(pending.values)
        }
    }

    /// `flush` for every database open in this process: the app calls it as it quits.
    static func flushAll() {
        let all = live.withLock { Array($0.values) }
        for item in all { item.files?.flush() }
    }

    private func writePending(_ name: String, serial: Int) {
        let write = pending.withLock { pending -> (@Sendable () -> Void)? in
            guard let item = pending[name], item.serial == serial else { return nil }
            pending.removeValue(forKey: name)
            return item.write
        }
        write?()
    }
}
