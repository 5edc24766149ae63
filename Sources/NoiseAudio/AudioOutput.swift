/// Why the output device failed, in words for `status` and the log.
public struct AudioOutputError: Error, Sendable, Equatable, CustomStringConvertible {
    public var device: String
    public var reason: String

    public init(device: String, reason: String) {
        self.device = device
        self.reason = reason
    }

    public var description: String { "audio device '\(device)': \(reason)" }
}

/// A place the mixed stream goes, shaped like MPD's output plugins: open, play (blocking until the device
/// took the frames, which paces the output thread), drain, close.
///
/// Every method is called on the output thread only, one at a time. Two implementations: ALSA (the real one)
/// and a clock-paced null output for machines without a sound card.
public protocol AudioOutput: AnyObject {
    /// Opens the device for the engine's format. Throws when it cannot be opened.
    func open() throws(AudioOutputError)
    /// Writes all `frames` frames, blocking until the device accepted them; recovers from underruns itself.
    /// Throws when the device is lost; the caller then closes it and retries later.
    func write(_ samples: UnsafePointer<Int16>, frames: Int) throws(AudioOutputError)
    /// Blocks until what was written has played.
    func drain()
    /// Releases the device; safe to call when it is not open.
    func close()
    /// Frames written but not yet heard (ALSA's delay), so the engine knows when the next frame will sound.
    func delayFrames() -> Int
    /// Frames per period of the open device: how much the engine renders per write.
    var periodFrames: Int { get }
    /// Underruns recovered from since this output was created.
    var underruns: Int { get }
}
