import Glibc
import ClockFace
import NoiseConfig
import NoiseTime

/// Draws one kind of clock face for a moment, given the time and what the daemon and the machine add to it: the
/// digital clock with all of that, or the analog face (which shows only the ringing banner).
typealias ClockFaceRenderer = (_ scene: DigitalClockScene, _ size: TerminalSize) -> ClockFrame

/// The live terminal clock: one `poll` over the second timer, the signals, the keyboard and the daemon's
/// socket; a frame on every second boundary and on every event, written as the lines that changed.
final class ClockSession {
    private let terminal: ClockTerminal
    private let link: ClockDaemonLink
    private let settings: ClockSettings
    private let zone: ZoneRules
    private let render: ClockFaceRenderer
    private let battery: BatteryGauge
    private var shown: (frame: ClockFrame, colors: ClockColors)?
    /// What the last key did, shown for a few seconds.
    private var note: (text: String, until: Int64)?

    init(terminal: ClockTerminal, link: ClockDaemonLink, settings: ClockSettings, zone: ZoneRules,
         battery: BatteryGauge, render: @escaping ClockFaceRenderer) {
        self.terminal = terminal
        self.link = link
        self.settings = settings
        self.zone = zone
        self.battery = battery
        self.render = render
    }

    /// The frame for `now` at `size`, with its colours.
    func frame(now: Int64, size: TerminalSize) -> (frame: ClockFrame, colors: ClockColors) {
        var scene = DigitalClockScene(reading: ClockReading(instant: now, zone: zone), battery: battery.text(now: now))
        if let status = link.status {
            scene.ringing = ClockOverlays.ringing(status.alarms)
            scene.info = [ClockOverlays.nextAlarm(status.alarms, now: now), ClockOverlays.playing(status)].compactMap { $0 }
        } else {
            scene.note = "noised is not running"
        }
        if let note, now < note.until { scene.note = note.text }
        return (render(scene, size), ClockColors.resolve(settings, at: scene.reading))
    }

    /// Runs until `q`, Ctrl-C, SIGTERM or SIGHUP; the terminal is restored on every way out.
    func run() {
        let wakeups = ClockWakeups()
        terminal.enterFullScreen()
        defer { terminal.restore() }
        wakeups.armEverySecond()
        link.connectIfDue(now: LocalTime.nowSeconds())
        var inputOpen = true
        draw()
        while true {
            var descriptors = [pollfd(fd: wakeups.timer, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: wakeups.signals, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: inputOpen ? STDIN_FILENO : -1, events: Int16(POLLIN), revents: 0)]
            if let socket = link.fileDescriptor { descriptors.append(pollfd(fd: socket, events: Int16(POLLIN), revents: 0)) }
            guard poll(&descriptors, nfds_t(descriptors.count), -1) >= 0 || errno == EINTR else { return }
            var redraw = false
            if descriptors[1].revents != 0 {
                for signal in wakeups.drainSignals() {
                    switch signal {
                    case .quit:
                        return
                    case .resize:
                        redraw = true
                    case .suspend:
                        terminal.restore()
                        wakeups.suspendSelf()
                    case .resume:
                        terminal.enterFullScreen()
                        shown = nil
                        redraw = true
                    }
                }
            }
            if descriptors[0].revents != 0 {
                wakeups.drainTimer()
                link.connectIfDue(now: LocalTime.nowSeconds())
                redraw = true
            }
            if descriptors[2].revents != 0 {
                guard let keys = terminal.readInput() else {
                    inputOpen = false
                    continue
                }
                for key in keys {
                    switch key {
                    case UInt8(ascii: "q"), UInt8(ascii: "Q"): return
                    case UInt8(ascii: "s"): act(.snooze)
                    case UInt8(ascii: "d"): act(.dismiss)
                    case UInt8(ascii: " "): act(.toggle)
                    default: continue
                    }
                    redraw = true
                }
            }
            if descriptors.count > 3 && descriptors[3].revents != 0 {
                link.readEvents()
                redraw = true
            }
            if redraw { draw() }
        }
    }

    private func act(_ action: ClockAction) {
        note = (link.perform(action), LocalTime.nowSeconds() + 4)
    }

    private func draw() {
        let size = terminal.size ?? TerminalSize(columns: 80, rows: 24)
        let next = frame(now: LocalTime.nowSeconds(), size: size)
        let output = ClockPainter.paint(next.frame, colors: next.colors, over: shown)
        terminal.write(output)
        shown = next
    }
}
