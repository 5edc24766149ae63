import NoiseCore

public struct PlayingSound: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Codable {
        case fadingIn = "fading_in"
        case playing
        case fadingOut = "fading_out"
    }

    public var id: String
    public var name: String
    public var volume: Double
    public var state: State
    /// The sleep timer this sound was given with (`play --for`), or nil: each sound keeps its own.
    @ExplicitNull public var sleepTimer: SleepTimerInfo?

    public init(id: String, name: String, volume: Double, state: State, sleepTimer: SleepTimerInfo? = nil) {
        self.id = id
        self.name = name
        self.volume = volume
        self.state = state
        self.sleepTimer = sleepTimer
    }
}
