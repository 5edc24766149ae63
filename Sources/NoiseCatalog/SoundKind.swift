/// What a sound is for: a noise to loop, or an alarm tone (which also loops while it rings).
public enum SoundKind: String, Sendable, Codable, CaseIterable {
    case loop
    case alarm
}
