import Glibc

/// The loop the live terminal views share (`clock`, `stopwatch`): one `poll` over their timer, the signals, the
/// keyboard and, for the clock, the daemon's socket; a redraw after every wake. The terminal is full-screen while
/// it runs and restored on every way out, Ctrl-Z included.
enum TerminalLoop {
    enum Wake {
        case timer
        case keys([UInt8])
        /// The extra descriptor is readable.
        case extra
    }

    /// Runs until `handle` returns false (`q`) or a quit signal (Ctrl-C, SIGTERM, SIGHUP). `draw` gets `fresh`
    /// when the screen must be drawn whole (after a resume from Ctrl-Z).
    static func run(
        terminal: ClockTerminal, wakeups: ClockWakeups, extra: () -> Int32? = { nil },
        handle: (Wake) -> Bool, draw: (_ fresh: Bool) -> Void
    ) {
        terminal.enterFullScreen()
        defer { terminal.restore() }
        var inputOpen = true
        draw(true)
        while true {
            var descriptors = [
                pollfd(fd: wakeups.timer, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wakeups.signals, events: Int16(POLLIN), revents: 0),
                pollfd(fd: inputOpen ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0),
            ]
            if let socket = extra() { descriptors.append(pollfd(fd: socket, events: Int16(POLLIN), revents: 0)) }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else { return }
            var fresh = false
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
                    fresh = true
                }
            }
            if descriptors[0].revents != 0 {
                wakeups.drainTimer()
                guard handle(.timer) else { return }
            }
            if descriptors[2].revents != 0 {
                if let keys = terminal.readInput() {
                    guard handle(.keys(keys)) else { return }
                } else {
                    inputOpen = false
                }
            }
            if descriptors.count > 3 && descriptors[3].revents != 0 {
                guard handle(.extra) else { return }
            }
            draw(fresh)
        }
    }
}
