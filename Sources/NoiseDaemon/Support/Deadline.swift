/// Waits for work that may never finish, up to a limit.
///
/// Blocking file work cannot be interrupted (a thread in `open(2)` on a stalled mount stays there), so waiting on
/// it must be bounded where lateness costs more than the result: an alarm tone that is not loaded in time gives way
/// to one that is. The work is left to finish on its own; its late result is dropped.
public enum Deadline {
    /// The result of `work`, or nil when `limit` passes on `clock` first (or the waiting task is cancelled).
    public static func result<T: Sendable, C: Clock>(
        of work: @escaping @Sendable () async -> T, within limit: C.Duration, on clock: C
    ) async -> T? {
        // The first of the two to yield wins; the stream keeps only that one.
        let (outcomes, outcome) = AsyncStream<T?>.makeStream(bufferingPolicy: .bufferingOldest(1))
        // Unstructured on purpose: the work must be able to outlive this wait (see above).
        Task { outcome.yield(await work()) }
        let timer = Task {
            try? await clock.sleep(for: limit, tolerance: nil)
            outcome.yield(nil)
        }
        var iterator = outcomes.makeAsyncIterator()
        let first = await iterator.next() ?? nil
        timer.cancel()
        outcome.finish()
        return first
    }
}
