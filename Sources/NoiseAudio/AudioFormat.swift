import NoiseCore

/// The one sample format inside the engine: interleaved signed 16-bit stereo at 44.1 kHz.
/// Files are decoded to it and the device is opened with it, so samples pass through unchanged at unity gain.
public enum AudioFormat {
    public static let sampleRate = AudioLimits.sampleRate
    public static let channels = AudioLimits.channels
    public static let bytesPerFrame = channels * MemoryLayout<Int16>.size
    /// Frames a decoder is asked for at a time: 0.37 s, decoded in about a millisecond.
    public static let decodeChunkFrames = 16_384
    /// Frames a sound played as it decodes has ready when it is handed over: twice the device's buffer. A voice
    /// that starts is mixed into the whole device buffer straight away: with less ready than that, the output thread
    /// would get past the decode's first frames before the decode's thread had run, and play silence there (seen:
    /// 13,016 silent frames in one Ogg loop's first pass in five, with 16,384 frames ready).
    public static let framesReadyBeforePlay = frames(
        seconds: 2 * Double(AudioLimits.deviceLatencyMicroseconds) / 1_000_000)
    /// Room a buffer decoded as it plays keeps beyond the length its file states (a second), for a length
    /// stated a little short (an Ogg page's granule, an MP3's last frame).
    public static let statedLengthSlack = sampleRate

    public static func frames(seconds: Double) -> Int {
        max(0, Int((seconds * Double(sampleRate)).rounded()))
    }
}
