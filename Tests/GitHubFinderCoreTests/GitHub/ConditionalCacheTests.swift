import Foundation
import Testing
@testable import GitHubFinderCore

@Suite("Conditional cache")
struct ConditionalCacheTests {
    static func url(_ n: Int) -> URL { URL(string: "https://api.github.com/users/u\(n)/repos?per_page=30")! }
    static func entry(bytes: Int) -> ConditionalCache.Entry { .init(etag: "W/\"\(bytes)\"", body: Data(count: bytes)) }

    @Test func theOldestBodiesGoOnceTheBytesAreOverTheBound() {
        let cache = ConditionalCache(capacity: 512, byteCapacity: 1_000)
        for n in 0..<10 { cache.store(Self.entry(bytes: 300), for: Self.url(n)) }
        // 3 × 300 fit in 1,000 bytes; the seven before them were let go, oldest first.
        #expect(cache.count == 3)
        #expect(cache.byteCount == 900)
        #expect(cache.entry(for: Self.url(6)) == nil)
        #expect(cache.entry(for: Self.url(7)) != nil && cache.entry(for: Self.url(9)) != nil)
    }

    @Test func theCountIsBoundedToo() {
        let cache = ConditionalCache(capacity: 4, byteCapacity: 1 << 20)
        for n in 0..<10 { cache.store(Self.entry(bytes: 10), for: Self.url(n)) }
        #expect(cache.count == 4)
        #expect(cache.byteCount == 40)
        #expect(cache.entry(for: Self.url(5)) == nil && cache.entry(for: Self.url(6)) != nil)
    }

    @Test func aReplacedBodyIsCountedOnce() {
        let cache = ConditionalCache(capacity: 4, byteCapacity: 1_000)
        for _ in 0..<100 { cache.store(Self.entry(bytes: 200), for: Self.url(1)) }
        cache.store(Self.entry(bytes: 500), for: Self.url(1))
        #expect(cache.count == 1)
        #expect(cache.byteCount == 500)
    }

    @Test func theNewestStaysHoweverLarge() {
        let cache = ConditionalCache(capacity: 4, byteCapacity: 1_000)
        cache.store(Self.entry(bytes: 100), for: Self.url(1))
        cache.store(Self.entry(bytes: 5_000), for: Self.url(2))
        #expect(cache.count == 1)
        #expect(cache.entry(for: Self.url(2))?.body.count == 5_000)
        cache.removeAll()
        #expect(cache.count == 0 && cache.byteCount == 0)
    }
}
