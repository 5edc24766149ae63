import Glibc
import Synchronization

/// What a command wrote while it ran on one thread, instead of stdout and stderr: the seam through which tests run
/// commands in process (`Output` writes here when the running thread has a capture). Per thread, so tests running
/// at the same time never see each other's lines.
final class OutputCapture: Sendable {
    private let written = Mutex((out: "", error: ""))

    var out: String { written.withLock { $0.out } }
    var error: String { written.withLock { $0.error } }

    func append(_ text: String, error: Bool) {
        written.withLock { if error { $0.error += text } else { $0.out += text } }
    }

    /// Runs `body` on this thread with its output captured.
    static func run<T>(_ body: () throws -> T) rethrows -> (result: T, capture: OutputCapture) {
        let capture = OutputCapture()
        pthread_setspecific(key, Unmanaged.passUnretained(capture).toOpaque())
        defer { pthread_setspecific(key, nil) }
        return (try withExtendedLifetime(capture) { try body() }, capture)
    }

    /// The running thread's capture, nil when it writes to the terminal.
    static var current: OutputCapture? {
        pthread_getspecific(key).map { Unmanaged<OutputCapture>.fromOpaque($0).takeUnretainedValue() }
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key, nil)
        return key
    }()
}
