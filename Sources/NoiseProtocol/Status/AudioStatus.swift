import NoiseCore

/// The output device: which one, and whether it plays, rests closed, or failed (and is retried).
public struct AudioStatus: Sendable, Equatable, Codable {
    public enum State: String, Sendable, Codable {
        /// Nothing to play; the device is closed.
        case idle
        /// The device is open and being written.
        case playing
        /// The device could not be opened or was lost; it is retried every few seconds.
        case error
    }

    public var device: String
    public var state: State
    @ExplicitNull public var error: String?
    public var underruns: Int

    public init(device: String, state: State, error: String? = nil, underruns: Int = 0) {
        self.device = device
        self.state = state
        self.error = error
        self.underruns = underruns
    }
}
