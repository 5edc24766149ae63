import ArgumentParser
import NoiseCore
import NoiseProtocol

/// `noisectl sleep +15m`: every sleep timer running ends that much later; sounds it had begun to fade come back.
/// The timers are set with `play --for` (or `bedtime`) and cleared with `stop --timer`.
struct Sleep: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sleep",
        abstract: "Extend the sleep timers: noisectl sleep +15m.",
        discussion: """
            Every sleep timer running ends that much later (counted from now for one that has
            faded to its floor, --fade-to), and sounds it has begun to fade come back to their
            volumes. With no timer running it is refused: start one with 'noisectl play ID --for 45m'.
            """)

    @OptionGroup var options: ClientOptions

    @Argument(
        help: ArgumentHelp("How much longer, with a +: +15m, +1h, +90s.", valueName: "+duration"),
        transform: Self.extension)
    var more: Double

    /// `+15m`: the `+` says the timer is extended, not set (that is `play --for`).
    static func `extension`(_ text: String) throws -> Double {
        guard text.hasPrefix("+") else {
            throw ValidationError(
                "give how much longer with a +, e.g. +15m (got \(text)); to set a timer: noisectl play ID --for \(text)"
            )
        }
        return try OptionValue.timerLength(String(text.dropFirst()))
    }

    func run() throws {
        try options.send(Commands.SleepExtend(seconds: more), PlaybackText.show)
    }
}
