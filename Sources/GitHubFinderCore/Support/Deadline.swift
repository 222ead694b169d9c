import Synchronization

/// `operation`'s value, or nil once `timeout` has passed (or the caller is cancelled) — returning
/// then, without waiting for `operation` to notice that it was cancelled. A task group would wait
/// for it: a request whose cancellation is slow (a loaded machine, a stalled connection) would
/// keep the Shell's search waiting seconds past its deadline.
func value<T: Sendable>(within timeout: Duration, of operation: @escaping @Sendable () async -> T) async -> T? {
    let race = DeadlineRace<T>()
    return await withTaskCancellationHandler {
        await withCheckedContinuation { continuation in
            race.start(continuation, operation: operation, timeout: timeout)
        }
    } onCancel: {
        race.finish(nil)
    }
}

/// The two contenders of `value(within:of:)`: whichever finishes first resumes the caller, once.
private final class DeadlineRace<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T?, Never>?
        var tasks: [Task<Void, Never>] = []
        var finished = false
    }

    private let state = Mutex(State())

    /// The continuation is in place before either contender runs, so the first to finish always
    /// finds it (unless the caller was cancelled first: then it is resumed with nil here).
    func start(_ continuation: CheckedContinuation<T?, Never>, operation: @escaping @Sendable () async -> T, timeout: Duration) {
        let cancelledAlready = state.withLock { state in
            if state.finished { return true }
            state.continuation = continuation
            return false
        }
        guard !cancelledAlready else { return continuation.resume(returning: nil) }
        let work = Task { self.finish(await operation()) }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            self.finish(nil)
        }
        let finishedAlready = state.withLock { state in
            state.tasks = [work, timer]
            return state.finished
        }
        if finishedAlready {
            work.cancel()
            timer.cancel()
        }
    }

    func finish(_ value: T?) {
        let (continuation, tasks) = state.withLock { state -> (CheckedContinuation<T?, Never>?, [Task<Void, Never>]) in
            guard !state.finished else { return (nil, []) }
            state.finished = true
            defer { state.continuation = nil }
            return (state.continuation, state.tasks)
        }
        for task in tasks { task.cancel() }
        continuation?.resume(returning: value)
    }
}
