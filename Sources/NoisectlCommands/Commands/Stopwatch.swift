import ArgumentParser
import ClockFace
import Glibc
import NoiseClient
import NoiseSystem
import NoiseTime

struct StopwatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "stopwatch",
        abstract: "A stopwatch in the terminal, with laps; needs no daemon.",
        discussion: """
            Keys: space starts and stops, l (or Enter) records a lap, r resets, q (or Ctrl-C) quits. The time is \
            shown in tenths of a second in the clock's big digits and colours ('noisectl clock' options), the laps \
            below it, newest first.
            """)

    @OptionGroup var noJSON: ViewJSONRefusal

    func run() throws {
        let terminal = ClockTerminal()
        guard terminal.isInteractive else {
            throw ValidationError("the stopwatch needs a terminal on standard input and output")
        }
        let environment = ProcessEnvironment.current
        let settings = ConfigStore(environment: environment).clockSettings()
        let now = ClockReading(
            instant: LocalTime.nowSeconds(), zone: SystemTimeZoneSource(environment: environment).systemZone())
        for line in StopwatchSession(terminal: terminal, colors: ClockColors.resolve(settings, at: now)).run() {
            Output.line(line)
        }
    }
}
