import Dispatch
import Foundation
import Glibc

/// `GHF_DEBUG_STATS=FILE`: on SIGUSR1 the app writes what it holds to FILE as one JSON object
/// (rows in the lists, avatar requests, decodes, cancellations), so a benchmark can check that
/// the work it measured was really done before it reads the process's memory or CPU.
@MainActor
enum DebugStatistics {
    private static var source: (any DispatchSourceSignal)?
    private static var watchSource: (any DispatchSourceSignal)?
    /// Toggled by SIGUSR2: the main loop's stalls while a benchmark scrolls or switches.
    private static let watched = MainLoopStalls()
    private static var watching = false

    static func install(file: String, window: @escaping @MainActor () -> MainWindow?) {
        signal(SIGUSR1, SIG_IGN)
        // The main queue runs inside GLib's loop (MainLoop's bridge), so this is GTK's thread.
        let source = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .main)
        source.setEventHandler {
            MainActor.assumeIsolated {
                guard let window = window() else { return }
                let data = (try? JSONSerialization.data(withJSONObject: values(of: window), options: [.sortedKeys])) ?? Data()
                write(data + Data("\n".utf8), to: file)
            }
        }
        source.resume()
        self.source = source
        // SIGUSR2 starts watching the main loop's stalls, the next one stops (a 5 ms heartbeat
        // runs only in between, so idle CPU is measured without it).
        signal(SIGUSR2, SIG_IGN)
        let watchSource = DispatchSource.makeSignalSource(signal: SIGUSR2, queue: .main)
        watchSource.setEventHandler {
            // Signals that came before the handler ran are merged into one call: each toggles
            // (a start and a stop merged must still count as a run watched).
            MainActor.assumeIsolated {
                if let main = window() { FrameWork.follow(main.window) }
                for _ in 0..<max(1, Int(Self.watchSource?.data ?? 1)) {
                    watching.toggle()
                    watched.watch(watching)
                }
            }
        }
        watchSource.resume()
        self.watchSource = watchSource
    }

    /// Writes in order on a thread of its own, and never syncs: the benchmarks ask for the file
    /// every 0.25–1 s while they time the main loop, and Foundation's atomic write calls `fsync`.
    /// On a disk busy with other writes, each of those syncs held the main thread 50–700 ms.
    private nonisolated static let writer = DispatchQueue(label: "debug-statistics", qos: .utility)

    private nonisolated static func write(_ data: Data, to file: String) {
        writer.async {
            // A new file renamed over the old one: a reader never sees half of it.
            let partial = file + ".partial"
            let descriptor = open(partial, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { return }
            var written = 0
            data.withUnsafeBytes { bytes in
                while written < bytes.count {
                    let count = Glibc.write(descriptor, bytes.baseAddress! + written, bytes.count - written)
                    if count < 0 && errno == EINTR { continue }
                    guard count > 0 else { return }
                    written += count
                }
            }
            close(descriptor)
            if written == data.count { rename(partial, file) } else { unlink(partial) }
        }
    }

    static func values(of window: MainWindow) -> [String: Any] {
        let avatars = window.avatars.statistics
        return [
            "searchRows": window.searchView?.list.model.keys.count ?? 0,
            "searchRowWidgets": window.searchView?.list.rowsMade.all ?? 0,
            "searchRowWidgetsPooled": window.searchView?.list.rowsMade.pooled ?? 0,
            "favoritesRows": window.favoritesView?.list.model.keys.count ?? 0,
            "favoriteRepositoryRows": window.favoritesView?.repositories?.list.model.keys.count ?? 0,
            "detailShown": window.detailView == nil ? 0 : 1,
            "newsRounds": window.whatsNewView?.roundsCompleted ?? 0,
            "newsRows": window.whatsNewView?.list.model.keys.count ?? 0,
            "avatarRequests": avatars.requests,
            "avatarsDecoded": avatars.decoded,
            "avatarRequestsCancelled": avatars.cancelled,
            "avatarLoadsSkippedUnreachable": avatars.skippedUnreachable,
            "avatarTexturesCached": avatars.cached,
            "favoritesFilterMilliseconds": window.favoritesView?.filterTiming.milliseconds ?? [],
            "filterLongestStallMilliseconds": window.favoritesView?.filterStalls.longestMilliseconds ?? 0,
            "filterLongGaps": (window.favoritesView?.filterStalls.longGaps ?? []).map { [($0.at * 10).rounded() / 10, ($0.milliseconds * 10).rounded() / 10] },
            "importRuns": window.favoritesView?.importStalls.runs ?? 0,
            "importLongestStallMilliseconds": window.favoritesView?.importStalls.longestMilliseconds ?? 0,
            "memoryReleaseMilliseconds": ProcessMemory.releaseMilliseconds.map { ($0 * 10).rounded() / 10 },
            "frameWork": FrameWork.now.json,
            "readmeMilliseconds": ReadmeStatistics.milliseconds,
            "readmeImageBytes": ReadmeStatistics.imageBytes,
            "readmeExternalImageBytes": ReadmeStatistics.externalImageBytes,
            "watchBigGaps": watched.bigGaps.map { [$0.endedAt, ($0.milliseconds * 10).rounded() / 10, ($0.cpuMilliseconds * 10).rounded() / 10, $0.waits, $0.preemptions,
                                                 $0.work.json] },
            "watchRuns": watched.runs,
            "watchLongestStallMilliseconds": watched.runLongestMilliseconds,
            "watchLongGaps": watched.longGaps.map { [($0.at * 10).rounded() / 10, ($0.milliseconds * 10).rounded() / 10] },
            "importLongGaps": (window.favoritesView?.importStalls.longGaps ?? []).map { [($0.at * 10).rounded() / 10, ($0.milliseconds * 10).rounded() / 10] },
        ]
    }
}
