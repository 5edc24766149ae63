import ArgumentParser
import ClockFace
import LifeCalendar
import NoiseClient
import NoiseCore
import NoiseProtocol
import NoiseSystem
import NoiseTime

/// `noisectl life` itself: the death clock and the life grid, live (redrawn each second, the daemon asked again
/// each minute, so it turns over at midnight), once, or the figures as JSON. With `--birth` it computes here,
/// without the daemon and without the stored life.
struct LifeShow: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Show the days remaining and the life grid (q quits).",
        discussion: """
            One cell a week, 52 a row, a row a year: lived weeks filled, this week in red, weeks to come empty; \
            the years ruled every 10. Beside it the days remaining, the weeks and percent lived, today's habit \
            bonus and the last gratitude entry. With --birth nothing is asked of the daemon (no bonus, no diary).

            Examples:
              noisectl life
              noisectl life --once --size 80x24
              noisectl life --birth 1990-01-01 --today 2024-06-15 --years 80 --json
            """)

    @OptionGroup var client: ClientOptions
    @OptionGroup var life: LifeOptions

    @Flag(help: "Print one frame and exit (as when the output is not a terminal).")
    var once = false

    @Option(help: "With --once: the frame's size, e.g. 80x24.", transform: OptionValue.terminalSize)
    var size: TerminalSize?

    @Flag(help: "Draw the grid with block characters instead of braille.")
    var blocks = false

    /// `--json` with `--birth`: `life_show`'s shape, so a script reads one shape either way; computed here, with
    /// nothing asked of the daemon, so no bonus and no diary entry (null).
    struct Given: Encodable {
        var birth: LocalDate
        var years: Int
        var today: LocalDate
        var figures: LifeFigures
        @ExplicitNull var bonusMinutes: Int? = nil
        @ExplicitNull var lastEntry: GratitudeEntry? = nil
    }

    func run() throws {
        let wall = WallTime.seconds()
        let style: DotStyle = blocks ? .blocks : .braille
        let frameSize = size
        if let given = try life.given(systemToday: LifeOptions.systemToday(at: wall)) {
            if client.json {
                return Output.json(
                    Given(
                        birth: given.span.birth, years: given.span.years, today: given.today,
                        figures: given.figures))
            }
            let fixed = life.fixesToday
            return LiveView.show(once: once, size: frameSize, asked: nil, wall: wall) { unix, size in
                let today = fixed ? given.today : LifeOptions.systemToday(at: unix)
                let figures = (try? given.span.figures(today: today)) ?? given.figures
                let reading = LifeGridFace.Reading(
                    today: today, birth: given.span.birth, years: given.span.years,
                    figures: figures)
                return LifeGridFace.render(reading, size: size, style: style)
            }
        }
        try client.withDaemon { connection throws(ClientFailure) in
            if client.json { return Output.json(try connection.callData(Commands.LifeShow())) }
            let source = LifeDaemonSource(
                connection: connection, info: try connection.call(Commands.LifeShow()),
                at: wall)
            LiveView.show(once: once, size: frameSize, asked: nil, wall: wall) { unix, size in
                LifeGridFace.render(source.reading(at: unix), size: size, style: style)
            }
        }
    }
}
