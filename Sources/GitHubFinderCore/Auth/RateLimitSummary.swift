import Foundation

/// "Search: 8 of 10 left, resets at 15:42" lines for a tooltip or a status page.
public enum RateLimitSummary {
    public static func text(_ monitor: RateLimitMonitor) -> String {
        let names = ["search": tr("Searches (people and repositories)"), "core": tr("Profiles and repositories")]
        return monitor.buckets.values.filter { names[$0.resource] != nil }.sorted { $0.resource > $1.resource }.map { bucket in
            // TRANSLATORS: {kind} is "Searches (people and repositories)" or "Profiles and repositories"; {time} a clock time.
            tr("{kind}: {remaining} of {limit} left, resets at {time}", [
                "kind": names[bucket.resource]!, "remaining": NumberText.integer(bucket.remaining),
                "limit": NumberText.integer(bucket.limit), "time": Localization.time(bucket.resetsAt),
            ])
        }.joined(separator: "\n")
    }
}
