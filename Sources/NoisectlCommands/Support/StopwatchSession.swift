import ClockFace
import Glibc
import NoiseConfig
import NoiseSystem
import NoiseTime

/// The live stopwatch (`TerminalLoop`), its timer armed every tenth of a second only while it runs, so a stopped
/// stopwatch wakes for nothing but a key or a signal. Needs no daemon.
final class StopwatchSession {
    private let terminal: ClockTerminal
    private let colors: ClockColors
    private var stopwatch = Stopwatch()
    private var shown: (frame: ClockFrame, colors: ClockColors)?

    init(terminal: ClockTerminal, colors: ClockColors) {
        self.terminal = terminal
        self.colors = colors
    }

    /// Runs until `q`, Ctrl-C, SIGTERM or SIGHUP; the terminal is restored on every way out. Returns the lines to
    /// print once it is: the time and the laps.
    func run() -> [String] {
        let wakeups = ClockWakeups()
        TerminalLoop.run(
            terminal: terminal, wakeups: wakeups,
            handle: { wake in
                guard case .keys(let keys) = wake else { return true }
                let now = MonotonicTime.seconds()
                for key in keys {
                    switch key {
                    case UInt8(ascii: "q"), UInt8(ascii: "Q"): return false
                    case UInt8(ascii: " "):
                        stopwatch.toggle(at: now)
                        wakeups.arm(everyMilliseconds: stopwatch.isRunning ? 100 : 0)
                    case UInt8(ascii: "l"), UInt8(ascii: "L"), UInt8(ascii: "\n"): stopwatch.lap(at: now)
                    case UInt8(ascii: "r"), UInt8(ascii: "R"): stopwatch.reset(at: now)
                    default: continue
                    }
                }
                return true
            },
            draw: { fresh in
                if fresh { shown = nil }
                draw()
            })
        return StopwatchFace.summary(stopwatch, at: MonotonicTime.seconds())
    }

    private func draw() {
        let size = terminal.size ?? TerminalSize(columns: 80, rows: 24)
        let next = (frame: StopwatchFace.render(stopwatch, at: MonotonicTime.seconds(), size: size), colors: colors)
        terminal.write(ClockPainter.paint(next.frame, colors: next.colors, over: shown))
        shown = next
    }
}
