/// `volume`'s arguments: a volume to set, or a change to the volume now (as mpc's `volume +10`), for the master
/// volume or one playing sound. Exactly one of `volume` and `change` is set (`CommandParser` checks).
public struct VolumeArguments: Sendable, Equatable, Codable {
    /// 0 to 100.
    public var volume: Double?
    /// Points to add to the volume now (negative to take away); the result is kept within 0 to 100.
    public var change: Double?
    /// The playing sound to change; nil changes the master volume.
    public var sound: String?

    public init(volume: Double? = nil, change: Double? = nil, sound: String? = nil) {
        self.volume = volume
        self.change = change
        self.sound = sound
    }

    /// The volume asked for, given the volume now.
    public func target(from current: Double) -> Double {
        volume ?? min(100, max(0, current + (change ?? 0)))
    }
}
