import Foundation

// `make bench`: one JSON object per line on standard output, nothing else; exits 1 naming every
// figure over its DESIGN §6 budget. The top level stays synchronous; the one async measurement
// runs on a task and is waited for.
if CommandLine.arguments.count == 3, CommandLine.arguments[1] == ResidentMemoryProbe.flag {
    do { try ResidentMemoryProbe.runChild(file: CommandLine.arguments[2]) } catch {
        FileHandle.standardError.write(Data("memory probe failed: \(error)\n".utf8))
        exit(1)
    }
    exit(0)
}

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

if !BenchmarkHarness.overBudget.isEmpty {
    for line in BenchmarkHarness.overBudget {
        FileHandle.standardError.write(Data("over budget: \(line)\n".utf8))
    }
    exit(1)
}
