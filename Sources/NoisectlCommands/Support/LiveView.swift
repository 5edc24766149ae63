import ClockFace
import NoiseClient
import NoiseConfig
import NoiseSystem

/// A live view that needs no daemon (`noisectl mars`, `iss compass`, `iss map`, `life`), on `TerminalLoop`: a frame every
/// second, written as the lines that changed, re-fitted on resize; `q` quits. `render` draws the frame for an instant.
final class LiveView {
    private let terminal: ClockTerminal
    private let colors: ClockColors
    private let render: (_ unix: Double, _ size: TerminalSize) -> ClockFrame
    /// An `--at` instant and when the view started: the view runs on from there. Nil: now.
    private let start: (shown: Double, wall: Double)?
    private var shown: (frame: ClockFrame, colors: ClockColors)?

    init(
        terminal: ClockTerminal, colors: ClockColors, start: (shown: Double, wall: Double)?,
        render: @escaping (_ unix: Double, _ size: TerminalSize) -> ClockFrame
    ) {
        self.terminal = terminal
        self.colors = colors
        self.start = start
        self.render = render
    }

    /// One frame at `asked` (or `wall`) printed at `size` (else the terminal's, else 80x24), with `once` or when
    /// the output is not a terminal; else the face live until `q`, from `asked` on if given.
    static func show(
        once: Bool, size: TerminalSize?, asked: Double?, wall: Double,
        render: @escaping (_ unix: Double, _ size: TerminalSize) -> ClockFrame
    ) {
        let terminal = ClockTerminal()
        guard !once && terminal.isInteractive else {
            let size = size ?? terminal.size ?? TerminalSize(columns: 80, rows: 24)
            return render(asked ?? wall, size).text.forEach(Output.line)
        }
        let zone = World.zoneSource.systemZone()
        let settings = ConfigStore().clockSettings()
        let colors = ClockColors.resolve(settings, at: ClockReading(instant: Int64(wall), zone: zone))
        LiveView(terminal: terminal, colors: colors, start: asked.map { ($0, wall) }, render: render)
            .run(now: WallTime.seconds)
    }

    /// The instant to show at wall time `wall`: now, or the `--at` instant plus the whole seconds since (so the
    /// first frame is the instant asked for, and then it ticks with the wall clock).
    func instant(atWall wall: Double) -> Double {
        guard let start else { return wall }
        return start.shown + (wall - start.wall).rounded(.down)
    }

    /// Runs until `q`, Ctrl-C, SIGTERM or SIGHUP; the terminal is restored on every way out.
    func run(now: @escaping () -> Double) {
        let wakeups = ClockWakeups()
        wakeups.armEverySecond()
        TerminalLoop.run(
            terminal: terminal, wakeups: wakeups,
            handle: { wake in
                guard case .keys(let keys) = wake else { return true }
                return !keys.contains(UInt8(ascii: "q")) && !keys.contains(UInt8(ascii: "Q"))
            },
            draw: { fresh in
                if fresh { shown = nil }
                let size = terminal.size ?? TerminalSize(columns: 80, rows: 24)
                let next = (frame: render(instant(atWall: now()), size), colors: colors)
                terminal.write(ClockPainter.paint(next.frame, colors: next.colors, over: shown))
                shown = next
            })
    }
}
