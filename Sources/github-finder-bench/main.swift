import Foundation

// `make bench`: one JSON object per line on standard output, nothing else. The top level stays
// synchronous; the one async measurement runs on a task and is waited for.
do {
    try DecodeBenchmark.run()
    try FavoritesBenchmark.run()
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var failure: (any Error)?
    Task.detached {
        do { try await AvatarBytesBenchmark.run() } catch { failure = error }
        done.signal()
    }
    done.wait()
    if let failure { throw failure }
} catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
}
