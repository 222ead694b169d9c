import Foundation

// `make bench`: one JSON object per line on standard output, nothing else.
do {
    try DecodeBenchmark.run()
    try FavoritesBenchmark.run()
} catch {
    FileHandle.standardError.write(Data("benchmark failed: \(error)\n".utf8))
    exit(1)
}
