import Foundation
import Testing
@testable import GitHubFinderCore

/// `value(within:of:)`: the operation's value when it comes in time, nil at the deadline without
/// waiting for the operation to end, nil at once for a cancelled caller.
@Suite("A value within a deadline")
struct DeadlineTests {
    @Test func aValueReadyAtOnceIsNeverTakenForATimeout() async {
        for attempt in 0..<2_000 {
            let value = await value(within: .seconds(30)) { attempt }
            #expect(value == attempt)
            if value != attempt { break }
        }
    }

    @Test func aValueThatComesAfterAnAwaitIsReturned() async {
        let value = await value(within: .seconds(30)) { () async -> String in
            await Task.yield()
            try? await Task.sleep(for: .milliseconds(20))
            return "found"
        }
        #expect(value == "found")
    }

    @Test func atTheDeadlineItIsNilWithoutWaitingForTheOperation() async {
        let started = ContinuousClock.now
        // The operation ignores cancellation and takes 20 s (a wait no cancellation ends).
        let value = await value(within: .milliseconds(100)) { () async -> Int in
            await withCheckedContinuation { continuation in
                DispatchQueue.global().asyncAfter(deadline: .now() + 20) { continuation.resume(returning: 1) }
            }
        }
        #expect(value == nil)
        #expect(ContinuousClock.now - started < .seconds(8))
    }

    @Test func aCancelledCallerGetsNilAtOnce() async {
        let started = ContinuousClock.now
        let caller = Task {
            await value(within: .seconds(60)) { () async -> Int in
                try? await Task.sleep(for: .seconds(60))
                return 1
            }
        }
        try? await Task.sleep(for: .milliseconds(50))
        caller.cancel()
        #expect(await caller.value == nil)
        let cancelledFirst = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return await value(within: .seconds(60)) { 1 }
        }
        // Either answer is right for a caller cancelled before the race; it must not hang.
        _ = await cancelledFirst.value
        #expect(ContinuousClock.now - started < .seconds(8))
    }
}
