/// A whole sound decoded into memory, shared read-only by every voice that plays it.
public final class PCMBuffer: Sendable {
    /// Interleaved stereo samples.
    public let samples: [Int16]

    public init(samples: [Int16]) {
        precondition(samples.count % AudioFormat.channels == 0, "interleaved stereo needs an even sample count")
        self.samples = samples
    }

    public var frameCount: Int { samples.count / AudioFormat.channels }
    public var byteCount: Int { samples.count * MemoryLayout<Int16>.size }
}
