import Synchronization

/// A whole sound decoded into memory, shared read-only by every voice that plays it. It may still be filling:
/// one loader appends checked blocks while voices play what is ready, so a sound starts before all of it is
/// read. A frame is never read before it is written: the ready count is stored with release after the frames,
/// and loaded with acquire before them.
public final class PCMBuffer: @unchecked Sendable {
    public let frameCount: Int
    /// Interleaved stereo samples; frames below `readyFrames` are written and never change again.
    private let storage: UnsafeMutableBufferPointer<Int16>
    private let ready: Atomic<Int>
    private let failure = Atomic<Bool>(false)

    /// A complete buffer holding `samples`.
    public init(samples: [Int16]) {
        precondition(samples.count % AudioFormat.channels == 0, "interleaved stereo needs an even sample count")
        frameCount = samples.count / AudioFormat.channels
        storage = .allocate(capacity: samples.count)
        _ = storage.initialize(from: samples)
        ready = Atomic(frameCount)
    }

    /// An empty buffer of `frameCount` frames, to be filled in order with `append`. Its memory is left as
    /// allocated: nothing reads past `readyFrames`, and zeroing 10 MB up front would touch every page before the
    /// first block could play (8 ms).
    public init(filling frameCount: Int) {
        self.frameCount = frameCount
        storage = .allocate(capacity: frameCount * AudioFormat.channels)
        ready = Atomic(0)
    }

    deinit { storage.deallocate() }

    /// Frames that can be played now.
    public var readyFrames: Int { ready.load(ordering: .acquiring) }
    /// Whether filling stopped for good short of the end (a damaged copy that could not be decoded again).
    public var failed: Bool { failure.load(ordering: .acquiring) }
    public var byteCount: Int { frameCount * AudioFormat.bytesPerFrame }

    /// The ready samples, for a caller that reads them on its own thread.
    public func withReadySamples<R>(_ body: (UnsafeBufferPointer<Int16>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(rebasing: storage[0..<(readyFrames * AudioFormat.channels)]))
    }

    /// A copy of the ready samples (tests and small tones).
    public var samples: [Int16] { withReadySamples { Array($0) } }

    /// Lets `write` fill the next `frames` frames, then makes them ready if it returns true. One filler only.
    @discardableResult
    public func append(frames: Int, _ write: (UnsafeMutableBufferPointer<Int16>) -> Bool) -> Bool {
        let start = ready.load(ordering: .relaxed)
        precondition(start + frames <= frameCount, "appending past the end of a buffer")
        let slice = UnsafeMutableBufferPointer(
            rebasing: storage[(start * AudioFormat.channels)..<((start + frames) * AudioFormat.channels)])
        guard write(slice) else { return false }
        ready.store(start + frames, ordering: .releasing)
        return true
    }

    /// Filling has stopped short of the end: voices playing it end, and the player loads the sound anew.
    public func markFailed() {
        failure.store(true, ordering: .releasing)
    }
}
