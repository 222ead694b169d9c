import Foundation

/// "Search: 8 of 10 left, resets at 15:42" lines for a tooltip or a status page.
public enum RateLimitSummary {
    public static func text(_ monitor: RateLimitMonitor) -> String {
        let names = ["search": "Searches", "core": "Profiles and repositories"]
        return monitor.buckets.values.filter { names[$0.resource] != nil }.sorted { $0.resource > $1.resource }.map { bucket in
            "\(names[bucket.resource]!): \(bucket.remaining) of \(bucket.limit) left, resets at \(bucket.resetsAt.formatted(date: .omitted, time: .shortened))"
        }.joined(separator: "\n")
    }
}
