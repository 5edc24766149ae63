import ClockFace
import Glibc
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
    /// With `--mars`: a clock on Mars instead of the local time.
    private let mars: MarsClockSource?
    /// How many colours the terminal shows, for a dawn's light.
    private let colorDepth: ColorDepth
    private var shown: (frame: ClockFrame, colors: ClockColors)?
    /// What the last key did, shown for a few seconds.
    private var note: (text: String, until: Int64)?

    init(
        terminal: ClockTerminal, link: ClockDaemonLink, settings: ClockSettings, zone: ZoneRules,
        battery: BatteryGauge, mars: MarsClockSource? = nil, colorDepth: ColorDepth = .palette256,
        render: @escaping ClockFaceRenderer
    ) {
        self.colorDepth = colorDepth
        self.terminal = terminal
        self.link = link
        self.settings = settings
        self.zone = zone
        self.battery = battery
        self.mars = mars
        self.render = render
    }

    /// The frame for `now` at `size`, with its colours.
    func frame(now: Int64, size: TerminalSize) -> (frame: ClockFrame, colors: ClockColors) {
        let onMars = mars?.reading(at: now)
        var scene = DigitalClockScene(
            reading: onMars?.reading ?? ClockReading(instant: now, zone: zone), battery: battery.text(now: now))
        var dawnPoint: Double?
        if let status = link.status {
            dawnPoint = ClockOverlays.dawnPoint(status.alarms, now: now)
            scene.ringing = ClockOverlays.ringing(status.alarms)
            scene.info = [ClockOverlays.nextAlarm(status.alarms, now: now), ClockOverlays.playing(status)].compactMap {
                $0
            }
            // Asked here, where the day is known: once a day, and again after a habit or diary event.
            link.refreshLife(today: LocalDate(unix: now, zone: zone))
            if let life = link.life {
                scene.info.append(LifeText.overlay(figures: life.figures, bonusMinutes: life.bonusMinutes))
            }
            if let dawn = ClockOverlays.dawn(status.alarms, now: now) { scene.info.insert(dawn, at: 0) }
        } else {
            scene.note = "noised is not running"
        }
        if let caption = onMars?.caption { scene.info.insert(caption, at: 0) }
        if let note, now < note.until { scene.note = note.text }
        let colors = dawnPoint.flatMap { ClockColors.dawn(point: $0, depth: colorDepth) }
        return (render(scene, size), colors ?? ClockColors.resolve(settings, at: scene.reading))
    }

    /// Runs until `q`, Ctrl-C, SIGTERM or SIGHUP; the terminal is restored on every way out.
    func run() {
        let wakeups = ClockWakeups()
        wakeups.armEverySecond()
        link.connectIfDue(now: LocalTime.nowSeconds())
        TerminalLoop.run(
            terminal: terminal, wakeups: wakeups, extra: { link.fileDescriptor },
            handle: { wake in
                switch wake {
                case .timer:
                    link.connectIfDue(now: LocalTime.nowSeconds())
                case .keys(let keys):
                    for key in keys {
                        switch key {
                        case UInt8(ascii: "q"), UInt8(ascii: "Q"): return false
                        case UInt8(ascii: "s"): act(.snooze)
                        case UInt8(ascii: "d"): act(.dismiss)
                        case UInt8(ascii: " "): act(.toggle)
                        default: continue
                        }
                    }
                case .extra:
                    link.readEvents()
                }
                return true
            },
            draw: { fresh in
                if fresh { shown = nil }
                draw()
            })
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
