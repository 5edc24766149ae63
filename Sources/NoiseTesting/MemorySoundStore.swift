import NoiseAudio
import NoiseDaemon

/// Decoded sounds held in memory, by path, standing in for the decoded copies kept on disk: the player plays
/// exactly the samples a test gives it, without an MP3 file or a decoder in between. A path it was not given is a
/// miss (the player then decodes the file, which a test's made-up path does not have).
public struct MemorySoundStore: DecodedSoundStore {
    private let buffers: [String: PCMBuffer]

    /// - Parameter buffers: the samples each path decodes to (at least `Limits.minImportSeconds` long).
    public init(_ buffers: [String: PCMBuffer]) {
        self.buffers = buffers
    }

    public func source(for path: String) -> DecodedSoundFile.Source? {
        guard let buffer = buffers[path] else { return nil }
        return DecodedSoundFile.Source(
            path: path, size: UInt64(buffer.byteCount), modifiedNanoseconds: 0,
            changedNanoseconds: 0, inode: 0)
    }

    public func load(_ source: DecodedSoundFile.Source, frames: ClosedRange<Int>) -> DecodedSoundLoad? {
        guard let buffer = buffers[source.path], frames.contains(buffer.frameCount) else { return nil }
        return DecodedSoundLoad(buffer: buffer) { true }
    }

    public func save(_ buffer: PCMBuffer, for source: DecodedSoundFile.Source) {}

    /// What a test gives stays: removing a sound is tested on the disk store, end to end.
    public func remove(sourcePath: String) {}
}
