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

/// `GHF_BENCH_ONLY=word` runs the measurements whose group contains it (as bench-gui.py does).
func wanted(_ group: String) -> Bool {
    guard let only = ProcessInfo.processInfo.environment["GHF_BENCH_ONLY"], !only.isEmpty else { return true }
    return only.split(separator: ",").contains { group.contains($0) }
}

do {
    if wanted("decode") { try DecodeBenchmark.run() }
    if wanted("favorites") { try FavoritesBenchmark.run() }
    if wanted("import") { try ImportBenchmark.run() }
    let done = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var failure: (any Error)?
    Task.detached {
        do { if wanted("avatar") { try await AvatarBytesBenchmark.run() } } catch { failure = error }
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
