public struct VolumeArguments: Sendable, Equatable, Codable {
    /// 0 to 100.
    public var volume: Double
    /// The playing sound to change; nil changes the master volume.
    public var sound: String?

    public init(volume: Double, sound: String? = nil) {
        self.volume = volume
        self.sound = sound
    }
}
