import ClockFace
import Glibc
import NoiseConfig
import NoiseSystem
import NoiseTime

/// The live stopwatch: one `poll` over a tenth-of-a-second timer (armed only while it runs, so a stopped
/// stopwatch wakes for nothing), the signals and the keyboard. Needs no daemon.
final class StopwatchSession {
    private let terminal: ClockTerminal
    private let colors: ClockColors
    private var stopwatch = Stopwatch()
    private var shown: (frame: ClockFrame, colors: ClockColors)?

    init(terminal: ClockTerminal, colors: ClockColors) {
        self.terminal = terminal
        self.colors = colors
    }

    /// Runs until `q`, Ctrl-C, SIGTERM or SIGHUP; the terminal is restored on every way out.
    func run() {
        let wakeups = ClockWakeups()
        terminal.enterFullScreen()
        defer { terminal.restore() }
        var inputOpen = true
        draw()
        while true {
            var descriptors = [pollfd(fd: wakeups.timer, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: wakeups.signals, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: inputOpen ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0)]
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else { return }
            if descriptors[0].revents != 0 { wakeups.drainTimer() }
            for signal in descriptors[1].revents != 0 ? wakeups.drainSignals() : [] {
                switch signal {
                case .quit:
                    return
                case .resize:
                    break
                case .suspend:
                    terminal.restore()
                    wakeups.suspendSelf()
                case .resume:
                    terminal.enterFullScreen()
                    shown = nil
                }
            }
            if descriptors[2].revents != 0 {
                guard let keys = terminal.readInput() else {
                    inputOpen = false
                    continue
                }
                let now = MonotonicTime.seconds()
                for key in keys {
                    switch key {
                    case UInt8(ascii: "q"), UInt8(ascii: "Q"): return
                    case UInt8(ascii: " "):
                        stopwatch.toggle(at: now)
                        wakeups.arm(everyMilliseconds: stopwatch.isRunning ? 100 : 0)
                    case UInt8(ascii: "l"), UInt8(ascii: "L"), UInt8(ascii: "\n"): stopwatch.lap(at: now)
                    case UInt8(ascii: "r"), UInt8(ascii: "R"): stopwatch.reset(at: now)
                    default: continue
                    }
                }
            }
            draw()
        }
    }

    private func draw() {
        let size = terminal.size ?? TerminalSize(columns: 80, rows: 24)
        let next = (frame: StopwatchFace.render(stopwatch, at: MonotonicTime.seconds(), size: size), colors: colors)
        terminal.write(ClockPainter.paint(next.frame, colors: next.colors, over: shown))
        shown = next
    }
}
