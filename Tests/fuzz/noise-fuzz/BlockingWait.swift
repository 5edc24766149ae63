import Dispatch
import Synchronization

/// Runs async work to completion from synchronous code, blocking the calling thread until it is done.
/// Fuzz-only: libFuzzer calls its callback synchronously on its own thread, which is not one of the concurrency
/// pool's, so blocking it cannot starve the tasks it waits for. The daemon itself never blocks on async work.
enum BlockingWait {
    private final class Box<Value: Sendable>: Sendable {
        let value = Mutex<Value?>(nil)
        let done = DispatchSemaphore(value: 0)
    }

    static func run<Value: Sendable>(_ work: @escaping @Sendable () async -> Value) -> Value {
        let box = Box<Value>()
        Task.detached {
            let value = await work()
            box.value.withLock { $0 = value }
            box.done.signal()
        }
        box.done.wait()
        return box.value.withLock { $0! }
    }
}
