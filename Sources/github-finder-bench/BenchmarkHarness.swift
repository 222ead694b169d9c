import Foundation

/// Times a closure many times and reports percentiles; prints one JSON object per measurement.
enum BenchmarkHarness {
    struct Sample {
        var p50: Double
        var p99: Double
    }

    /// Runs `body` `warmup` times untimed, then `iterations` times, each timed on its own (ms).
    static func measure(iterations: Int, warmup: Int = 50, _ body: () throws -> Void) rethrows -> Sample {
        for _ in 0..<warmup { try body() }
        var durations: [Double] = []
        durations.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            let elapsed = try clock.measure(body)
            durations.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1e3)
        }
        durations.sort()
        return Sample(p50: percentile(durations, 0.50), p99: percentile(durations, 0.99))
    }

    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        sorted[min(sorted.count - 1, Int((Double(sorted.count) * q).rounded(.down)))]
    }

    /// `{"name":…,"unit":…,"p50":…,"p99":…,"baseline":…,"ratio":…,"budget":…}` on one line.
    static func emit(name: String, unit: String = "ms", _ sample: Sample?, value: Double? = nil, baseline: String? = nil, ratio: Double? = nil, budget: String? = nil) {
        var fields: [(String, String)] = [("name", quoted(name)), ("unit", quoted(unit))]
        if let sample { fields += [("p50", number(sample.p50)), ("p99", number(sample.p99))] }
        if let value { fields.append(("value", number(value))) }
        fields += [("baseline", baseline.map(quoted) ?? "null"), ("ratio", ratio.map(number) ?? "null")]
        if let budget { fields.append(("budget", quoted(budget))) }
        print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }
    private static func number(_ value: Double) -> String { String(format: "%.4f", value) }
}
