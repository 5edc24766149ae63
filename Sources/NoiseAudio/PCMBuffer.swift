import Synchronization

/// A whole sound decoded into memory, shared read-only by every voice that plays it. It may still be filling:
/// one loader appends blocks while voices play what is ready, so a sound starts before all of it is read. A
/// frame is never read before it is written: the ready count is stored with release after the frames, and
/// loaded with acquire before them.
///
/// Where the sound ends is known up front for a decoded copy (its header says) but only bounded for a file
/// decoded as it plays (an MP3's frames, a FLAC's header): such a buffer is made with room for the bound, and
/// its end is set where the decode stopped (`finish`). Voices wrap at the end, so a loop never plays the room
/// left over.
public final class PCMBuffer: @unchecked Sendable {
    /// Frames it has room for: the memory it holds, whatever the sound's length turns out to be.
    public let capacity: Int
    /// Interleaved stereo samples; frames below `readyFrames` are written and never change again.
    private let storage: UnsafeMutableBufferPointer<Int16>
    private let ready: Atomic<Int>
    private let end: Atomic<Int>
    private let failure = Atomic<Bool>(false)

    /// A complete buffer holding `samples`.
    public init(samples: [Int16]) {
        precondition(samples.count % AudioFormat.channels == 0, "interleaved stereo needs an even sample count")
        capacity = samples.count / AudioFormat.channels
        storage = .allocate(capacity: samples.count)
        _ = storage.initialize(from: samples)
        ready = Atomic(capacity)
        end = Atomic(capacity)
    }

    /// An empty buffer with room for `capacity` frames, to be filled in order with `append`; the sound ends at
    /// `capacity` unless `finish` ends it sooner. Its memory is left as allocated: nothing reads past
    /// `readyFrames`, and zeroing 10 MB up front would touch every page before the first block could play (8 ms).
    public init(filling capacity: Int) {
        self.capacity = capacity
        storage = .allocate(capacity: capacity * AudioFormat.channels)
        ready = Atomic(0)
        end = Atomic(capacity)
    }

    deinit { storage.deallocate() }

    /// The sound's length in frames: where voices wrap. `capacity` until a fill that stopped short finishes it.
    public var frameCount: Int { end.load(ordering: .acquiring) }
    /// Frames that can be played now.
    public var readyFrames: Int { ready.load(ordering: .acquiring) }
    /// Whether filling stopped for good short of the end (a damaged file, a copy that could not be decoded again).
    public var failed: Bool { failure.load(ordering: .acquiring) }
    /// The memory it holds.
    public var byteCount: Int { capacity * AudioFormat.bytesPerFrame }
    /// Whether every frame of the sound is ready.
    public var isComplete: Bool { readyFrames == frameCount }

    /// The ready samples, for a caller that reads them on its own thread.
    public func withReadySamples<R>(_ body: (UnsafeBufferPointer<Int16>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(rebasing: storage[0..<(readyFrames * AudioFormat.channels)]))
    }

    /// A copy of the ready samples (tests and small tones).
    public var samples: [Int16] { withReadySamples { Array($0) } }

    /// Lets `write` fill up to `frames` frames after the ready ones, then makes the frames it says it wrote ready
    /// and returns that count (0 writes nothing). One filler only.
    @discardableResult
    public func append<E: Error>(
        upTo frames: Int, _ write: (UnsafeMutableBufferPointer<Int16>) throws(E) -> Int
    )
        throws(E) -> Int
    {
        let start = ready.load(ordering: .relaxed)
        precondition(start + frames <= capacity, "appending past the end of a buffer")
        let slice = UnsafeMutableBufferPointer(
            rebasing: storage[(start * AudioFormat.channels)..<((start + frames) * AudioFormat.channels)])
        let written = try write(slice)
        precondition((0...frames).contains(written), "a buffer's filler wrote more than it was given room for")
        ready.store(start + written, ordering: .releasing)
        return written
    }

    /// The sound ends where filling stopped (a decode whose length was only bounded): voices wrap here.
    public func finish() {
        end.store(ready.load(ordering: .relaxed), ordering: .releasing)
    }

    /// Filling has stopped short of the end: voices playing it end, and the player loads the sound anew.
    public func markFailed() {
        failure.store(true, ordering: .releasing)
    }
}
