import Foundation
import GitHubFinderCore

/// The resident memory of a process that holds only the favorites index: this same executable,
/// started fresh with `--resident-memory-probe FILE`, reads VmRSS, opens the database, builds the
/// index and the unfiltered rows the tab shows, reads VmRSS again and prints both (MB).
enum ResidentMemoryProbe {
    static let flag = "--resident-memory-probe"

    /// In the child: prints "<before> <after> <favorites>".
    static func runChild(file: String) throws {
        let before = residentMegabytes()
        let database = try AppDatabase.open(at: URL(fileURLWithPath: file))
        let index = try database.favoritesIndex(of: People.self)
        let rows = index.rows(matching: "")
        let after = residentMegabytes()
        print(before, after, index.count)
        withExtendedLifetime((database, index, rows)) {}
    }

    /// In the parent: runs the child on `file` and returns (before, after) in MB.
    static func measure(file: URL, expecting count: Int) throws -> (before: Double, after: Double) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = [flag, file.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace).compactMap { Double($0) }
        guard process.terminationStatus == 0, fields.count == 3, Int(fields[2]) == count else {
            throw ProbeError(output: String(decoding: data, as: UTF8.self))
        }
        return (fields[0], fields[1])
    }

    struct ProbeError: Error {
        var output: String
    }

    /// VmRSS of this process in MB.
    static func residentMegabytes() -> Double {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        return kilobytes / 1024
    }
}
