import NoiseCatalog

/// A sound the player is asked to start, and at what volume. A saved mix or the last one always has its
/// volumes; `play rain` without `--volume` has none, so the volume is optional here and not in `MixSound`.
struct WantedSound: Sendable, Equatable {
    var id: String
    /// 0 to 100; nil: the default for a sound not playing, the volume it has now for one playing.
    var volume: Double?

    init(id: String, volume: Double?) {
        self.id = id
        self.volume = volume
    }

    /// A mix's sound, at its own volume.
    init(_ sound: MixSound) {
        self.init(id: sound.id, volume: sound.volume)
    }
}
