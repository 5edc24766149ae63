/// What the output thread says of the device: its name, whether it is being written, why not, and the underruns
/// so far. NoiseAudio's own type; the daemon shows it in `status` as the protocol's `AudioStatus`.
public struct OutputStatus: Sendable, Equatable {
    public enum State: Sendable, Equatable {
        /// Nothing to play; the device is closed.
        case idle
        /// The device is open and being written.
        case playing
        /// The device could not be opened or was lost; it is retried every few seconds.
        case error
    }

    public var device: String
    public var state: State
    public var error: String?
    public var underruns: Int

    public init(device: String, state: State, error: String? = nil, underruns: Int = 0) {
        self.device = device
        self.state = state
        self.error = error
        self.underruns = underruns
    }
}
