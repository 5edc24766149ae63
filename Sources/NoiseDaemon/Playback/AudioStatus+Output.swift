import NoiseAudio
import NoiseProtocol

/// The output thread's status (NoiseAudio's) as the protocol shows it in `status`.
extension AudioStatus {
    init(_ output: OutputStatus) {
        let state: State =
            switch output.state {
            case .idle: .idle
            case .playing: .playing
            case .error: .error
            }
        self.init(device: output.device, state: state, error: output.error, underruns: output.underruns)
    }
}
