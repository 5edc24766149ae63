import NoiseCore

/// The one sample format inside the engine: interleaved signed 16-bit stereo at 44.1 kHz.
/// Files are decoded to it and the device is opened with it, so samples pass through unchanged at unity gain.
public enum AudioFormat {
    public static let sampleRate = Limits.sampleRate
    public static let channels = Limits.channels
    public static let bytesPerFrame = channels * MemoryLayout<Int16>.size

    public static func frames(seconds: Double) -> Int {
        max(0, Int((seconds * Double(sampleRate)).rounded()))
    }
}
