import NIOPosix
import NoiseCore
import NoiseSystem

/// Runs blocking file work (decoding sounds, imports, reading the catalog and the config) on a small pool of
/// threads of its own: never on Swift's cooperative pool or an actor's executor, and bounded, so a file that
/// hangs (a stalled network mount) pins one thread rather than one more thread per request.
///
/// The pool is never shut down: a stop must not wait on a thread stuck in `open(2)`, and the process's exit
/// ends it. Work that must happen on time (an alarm tone) does not wait on it unbounded: see `Deadline`.
/// The alarm timer does not use it either (`TimerFDWallClock` has a thread of its own), so hung files can
/// never delay the timer.
public enum FileWork {
    private static let pool: NIOThreadPool = {
        let pool = NIOThreadPool(numberOfThreads: DaemonLimits.fileWorkThreads)
        pool.start()
        return pool
    }()

    /// Runs `work` on a file-work thread and returns its result. Waits for a free thread when all are busy.
    public static func run<T: Sendable, E: Error>(_ work: @escaping @Sendable () throws(E) -> T) async throws(E) -> T {
        let result: Result<T, E>
        do {
            result = try await pool.runIfActive { () -> Result<T, E> in
                OSThread.blockProcessSignals()
                return Result { () throws(E) -> T in try work() }
            }
        } catch is CancellationError {
            // SwiftNIO refuses work for a cancelled task; the work still runs (a daemon stopping mid-download still
            // finishes the write it began, and the caller gets a result, not a trap).
            result = await withCheckedContinuation { continuation in
                pool.submit { _ in
                    OSThread.blockProcessSignals()
                    continuation.resume(returning: Result { () throws(E) -> T in try work() })
                }
            }
        } catch {
            // Only a pool that was shut down refuses work, and this one never is.
            preconditionFailure("the file-work pool refused work: \(error)")
        }
        return try result.get()
    }

    /// Starts `work` on a file-work thread and returns at once: work that goes on after its result was handed
    /// over (the rest of a sound's decoded copy, read while the sound already plays).
    public static func start(_ work: @escaping @Sendable () -> Void) {
        pool.submit { _ in
            OSThread.blockProcessSignals()
            work()
        }
    }
}
