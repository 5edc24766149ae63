import ArgumentParser
import NoiseAlarms
import NoiseProtocol

extension AlarmCommand {
    /// `noisectl alarm test ID`: the alarm rings now as it will ring, for a few seconds; nothing stored changes.
    struct Test: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "test", abstract: "Ring an alarm now as it will ring, for 10 s (noisectl dismiss stops it).",
            discussion:
                "Its sound, volume and ramp on the real output; its next ring, snooze and skip stay as they are. "
                + "Refused while an alarm rings.")

        @OptionGroup var options: ClientOptions
        @OptionGroup var alarm: AlarmIDArgument

        func run() throws {
            try options.send(Commands.AlarmTest(id: alarm.id)) { reply in
                Output.line(Self.text(reply))
            }
        }

        /// "Alarm 3 rings now as a test, for 10 s (noisectl dismiss to stop it)".
        static func text(_ reply: AlarmTestRing) -> String {
            let seconds = Int(AlarmDefaults.testRingSeconds)
            return "Alarm \(reply.alarm.alarm.id) rings now as a test, for \(seconds) s (noisectl dismiss to stop it)"
        }
    }
}
