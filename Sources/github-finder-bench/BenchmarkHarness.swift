import Foundation

/// Times a closure many times and reports percentiles; prints one JSON object per measurement and
/// remembers every figure that is over its budget, so `main` can exit non-zero.
enum BenchmarkHarness {
    struct Sample {
        var p50: Double
        var p99: Double

        /// One figure measured once: both percentiles are that figure.
        init(single value: Double) {
            p50 = value
            p99 = value
        }

        init(p50: Double, p99: Double) {
            self.p50 = p50
            self.p99 = p99
        }
    }

    /// A DESIGN §6 budget, checked against what `emit` prints.
    enum Budget {
        case p50Below(Double)
        case p99Below(Double)
        case ratioAtMost(Double)

        var text: String {
            switch self {
            case .p50Below(let limit): "p50 < \(String(format: "%g", limit))"
            case .p99Below(let limit): "p99 < \(String(format: "%g", limit))"
            case .ratioAtMost(let limit): "ratio <= \(String(format: "%g", limit))"
            }
        }

        func holds(_ sample: Sample, ratio: Double?) -> Bool {
            switch self {
            case .p50Below(let limit): sample.p50 < limit
            case .p99Below(let limit): sample.p99 < limit
            case .ratioAtMost(let limit): ratio.map { $0 <= limit } ?? false
            }
        }
    }

    nonisolated(unsafe) private(set) static var overBudget: [String] = []

    /// Runs `body` `warmup` times untimed, then `iterations` times, each timed on its own (ms).
    static func measure(iterations: Int, warmup: Int = 50, _ body: () throws -> Void) rethrows -> Sample {
        for _ in 0..<warmup { try body() }
        var durations: [Double] = []
        durations.reserveCapacity(iterations)
        let clock = ContinuousClock()
        for _ in 0..<iterations {
            let elapsed = try clock.measure(body)
            durations.append(milliseconds(elapsed))
        }
        return sample(durations)
    }

    static func sample(_ durations: [Double]) -> Sample {
        let sorted = durations.sorted()
        return Sample(p50: percentile(sorted, 0.50), p99: percentile(sorted, 0.99))
    }

    static func milliseconds(_ duration: Duration) -> Double {
        Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1e3
    }

    static func percentile(_ sorted: [Double], _ q: Double) -> Double {
        sorted[min(sorted.count - 1, Int((Double(sorted.count) * q).rounded(.down)))]
    }

    /// `{"name":…,"unit":…,"p50":…,"p99":…,"baseline":…,"ratio":…,"budget":…}` on one line; a
    /// figure over its budget is remembered in `overBudget`.
    static func emit(name: String, unit: String = "ms", _ sample: Sample, baseline: String? = nil, ratio: Double? = nil, budget: Budget? = nil) {
        var fields: [(String, String)] = [("name", quoted(name)), ("unit", quoted(unit)), ("p50", number(sample.p50)), ("p99", number(sample.p99))]
        fields += [("baseline", baseline.map(quoted) ?? "null"), ("ratio", ratio.map(number) ?? "null")]
        if let budget {
            fields.append(("budget", quoted(budget.text)))
            if !budget.holds(sample, ratio: ratio) {
                overBudget.append("\(name): p50 \(number(sample.p50)) p99 \(number(sample.p99)) ratio \(ratio.map(number) ?? "null") \(unit), budget \(budget.text)")
            }
        }
        print("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}")
    }

    private static func quoted(_ text: String) -> String { "\"\(text)\"" }
    static func number(_ value: Double) -> String { String(format: "%.4f", value) }
}
