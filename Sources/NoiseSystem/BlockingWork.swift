/// Runs blocking work (the alarm timer's `poll`) on a thread of its own and awaits the result without holding a pool thread.
public enum BlockingWork {
    public static func run<T: Sendable, E: Error>(
        name: String, _ work: @escaping @Sendable () throws(E) -> T
    ) async throws(E) -> T {
        let result: Result<T, E> = await withCheckedContinuation { continuation in
            OSThread.start(name: name) {
                continuation.resume(returning: Result { () throws(E) -> T in try work() })
            }
        }
        return try result.get()
    }
}
