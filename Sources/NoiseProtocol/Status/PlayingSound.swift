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

    public init(id: String, name: String, volume: Double, state: State) {
        self.id = id
        self.name = name
        self.volume = volume
        self.state = state
    }
}
