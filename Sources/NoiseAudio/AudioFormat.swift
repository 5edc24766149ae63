import NoiseCore

/// The one sample format inside the engine: interleaved signed 16-bit stereo at 44.1 kHz.
/// Files are decoded to it and the device is opened with it, so samples pass through unchanged at unity gain.
public enum AudioFormat {
    public static let sampleRate = Limits.sampleRate
    public static let channels = Limits.channels
    public static let bytesPerFrame = channels * MemoryLayout<Int16>.size
    /// Frames a decoder is asked for at a time: 0.37 s, decoded in about a millisecond, so the first chunk of a
    /// sound played as it decodes is ready long before the output needs its second.
    public static let decodeChunkFrames = 16_384
    /// Room a buffer decoded as it plays keeps beyond the length its file states (a second), for a length
    /// stated a little short (an Ogg page's granule, an MP3's last frame).
    public static let statedLengthSlack = sampleRate

    public static func frames(seconds: Double) -> Int {
        max(0, Int((seconds * Double(sampleRate)).rounded()))
    }
}
