import ArgumentParser
import NoiseCore
import NoiseProtocol

struct Pause: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pause",
        abstract: "Fade out what plays and keep the mix, to resume it at the same volumes.")

    @OptionGroup var options: ClientOptions

    @Option(
        help: ArgumentHelp("Fade-out, e.g. 3s (default: the daemon's, 0.5s).", valueName: "duration"),
        transform: OptionValue.duration)
    var fade: Double?

    func run() throws {
        try options.send(Commands.Pause(fade: fade), PlaybackText.show)
    }
}

struct Resume: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "resume",
        abstract: "Play the paused mix again (else the last one played), at the volumes it had.")

    @OptionGroup var options: ClientOptions

    @Option(
        name: .customLong("fade-in"),
        help: ArgumentHelp("Fade-in, e.g. 5s (default: the daemon's, 0.5s).", valueName: "duration"),
        transform: OptionValue.duration)
    var fadeIn: Double?

    func run() throws {
        try options.send(Commands.Resume(fadeIn: fadeIn), PlaybackText.show)
    }
}

struct Toggle: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "toggle",
        abstract: "Pause what plays, or resume the paused (else the last) mix: one key for both, as mpc toggle.")

    @OptionGroup var options: ClientOptions

    func run() throws {
        try options.send(Commands.Toggle(), PlaybackText.show)
    }
}

/// The reply of a command that starts or stops sound, in words.
enum PlaybackText {
    static func show(_ playback: PlaybackInfo) {
        switch playback.state {
        case .playing: Output.line("Playing: " + StatusText.playing(playback.playing.filter { $0.state != .fadingOut }))
        case .paused: Output.line("Paused: " + playback.lastPlayed.joined(separator: ", ") + " (noisectl resume)")
        case .stopped: Output.line("Nothing is playing.")
        }
        if let timer = playback.sleepTimer { Output.line("Timer: everything " + timer.text) }
        warnAboutDevice(playback.audio)
    }

    /// A device that cannot be opened: the command did what it said, and the sound comes once the device does.
    static func warnAboutDevice(_ audio: AudioStatus?) {
        guard let audio, audio.state == .error else { return }
        Output.error(
            "warning: " + (audio.error ?? "audio device '\(audio.device)' cannot be opened")
                + "; noised retries every \(Limits.deviceRetrySeconds.formatted) s and plays once it opens")
    }
}
