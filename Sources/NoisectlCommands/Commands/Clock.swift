import NoiseClient
import ArgumentParser
import Glibc
import MarsTime
import NoiseCore
import NoiseSystem
import ClockFace
import NoiseConfig
import NoiseTime

/// `noisectl clock`: the full-terminal clock, digital or analog, live and aware of the daemon.
struct Clock: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "clock",
        abstract: "A full-terminal clock: big digits with the next alarm and what plays, or an analog face.",
        discussion: """
            Keys: s snooze and d dismiss a ringing alarm, space pauses the noise or resumes it, \
            q (or Ctrl-C) quits.

            The options you give are saved in config.toml's [clock] table, so the next 'noisectl clock' looks \
            the same. With --once, or when the output is not a terminal, one frame is printed and nothing is saved.

            Examples:
              noisectl clock --24h --seconds --date
              noisectl clock --theme night
              noisectl clock --analog --zone America/New_York
              noisectl clock --once --size 80x24
              noisectl clock --overlay life
            """)

    @Option(help: "Control socket of the daemon (default: $NOISED_SOCKET, else $XDG_RUNTIME_DIR/noised/socket).")
    var socket: String?

    @Flag(help: "An analog face (braille dots; --blocks for block characters).")
    var analog = false

    @Flag(name: .customLong("24h"), help: "24-hour digits (saved).")
    var twentyFourHour = false

    @Flag(name: .customLong("12h"), help: "12-hour digits (saved; the default follows the locale).")
    var twelveHour = false

    @Flag(inversion: .prefixedNo, help: "Show seconds (saved).")
    var seconds: Bool?

    @Flag(inversion: .prefixedNo, help: "The AM/PM badge in 12-hour mode (saved).")
    var ampm: Bool?

    @Flag(inversion: .prefixedNo, help: "The date line, e.g. '7 September Mon' (saved).")
    var date: Bool?

    @Option(help: "Colour of the digits: a name (red, bright-blue, default, ...) or #RRGGBB (saved).")
    var color: String?

    @Option(help: "Colour behind them, the same way (saved).")
    var background: String?

    @Option(help: "Colours: terminal, night (dim red on black) or day (dark on light) (saved).")
    var theme: String?

    @Flag(name: .customLong("random-color"), inversion: .prefixedNo, help: "A new colour for the digits every minute (saved).")
    var randomColor: Bool?

    @Option(help: "With --analog: show this zone's difference from local time, e.g. Asia/Kolkata.", completion: .timeZones)
    var zone: String?

    @Flag(help: "With --analog: draw with block characters instead of braille.")
    var blocks = false

    @Option(help: "Show a clock on Mars instead: a site (jezero, gale…) or a longitude (77.45E); its LMST, with the sol.",
            completion: .list(MarsSite.all.map(\.id)))
    var mars: String?

    @Flag(help: "With --mars: local true solar time (LTST) instead of local mean solar time.")
    var solar = false

    @Option(help: "Add a line under the digits: life (the days remaining and today's habit bonus, from noised). Not saved.")
    var overlay: [ClockOverlays.Kind] = []

    @Flag(help: "Print one frame and exit (for scripts).")
    var once = false

    @Option(help: "With --once: the frame's size, e.g. 80x24 (default: the terminal's, else 80x24).")
    var size: String?

    @Option(help: "With --once: the time to show, e.g. 2026-09-07T07:05:09 (local) or with an offset (for scripts and tests).")
    var at: String?

    func validate() throws {
        if twelveHour && twentyFourHour { throw ValidationError("give --12h or --24h, not both") }
        for (option, value) in [("--color", color), ("--background", background)] {
            guard let value else { continue }
            do { _ = try TerminalColor(parsing: value) } catch { throw ValidationError("\(option): \(error)") }
        }
        if let theme, ClockTheme(rawValue: theme) == nil {
            throw ValidationError("--theme: unknown theme '\(theme)'; accepted: "
                + ClockTheme.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if let size, TerminalSize(parsing: size) == nil {
            throw ValidationError("--size: '\(size)' is not a size; give COLUMNSxROWS, each 1 to \(Limits.maxTerminalCells), e.g. 80x24")
        }
        if let at, ISO8601.parts(at) == nil {
            throw ValidationError("--at: '\(at)' is not a date and time; give e.g. 2026-09-07T07:05:09 or 2026-09-07T07:05:09+02:00")
        }
        if (zone != nil || blocks) && !analog { throw ValidationError("--zone and --blocks go with --analog") }
        if let zone { _ = try Self.zoneRules(zone, from: SystemTimeZoneSource(environment: ProcessEnvironment.current)) }
        if solar && mars == nil { throw ValidationError("--solar goes with --mars SITE") }
        if let mars {
            do { _ = try Mars.place(named: mars) } catch { throw ValidationError("--mars: \(error.message)") }
        }
    }

    /// A zone for `--zone`; an unknown one is a usage error with close names suggested.
    static func zoneRules(_ name: String, from zones: SystemTimeZoneSource) throws -> ZoneRules {
        do {
            return try zones.zone(named: name)
        } catch {
            throw ValidationError("--zone: " + ZoneName.unknownMessage(name, among: zones.identifiers()))
        }
    }

    /// The options given, as config changes: only what the user said, so the rest of the file stays theirs.
    var changes: [ConfigEditor.Change] {
        var changes: [ConfigEditor.Change] = []
        if twelveHour { changes.append(("clock.format", .string(HourFormat.twelveHour.rawValue))) }
        if twentyFourHour { changes.append(("clock.format", .string(HourFormat.twentyFourHour.rawValue))) }
        if let seconds { changes.append(("clock.seconds", .boolean(seconds))) }
        if let ampm { changes.append(("clock.ampm", .boolean(ampm))) }
        if let date { changes.append(("clock.date", .boolean(date))) }
        if let color, let parsed = try? TerminalColor(parsing: color) { changes.append(("clock.color", .string(parsed.description))) }
        if let background, let parsed = try? TerminalColor(parsing: background) {
            changes.append(("clock.background", .string(parsed.description)))
        }
        if let theme { changes.append(("clock.theme", .string(theme))) }
        if let randomColor { changes.append(("clock.random_color", .boolean(randomColor))) }
        return changes
    }

    func run() throws {
        let environment = ProcessEnvironment.current
        let store = ConfigStore(environment: environment)
        let settings = store.clockSettings().applying(changes)
        let zones = SystemTimeZoneSource(environment: environment)
        let local = zones.systemZone()
        let twelve = settings.format == .locale ? LocaleClock.usesTwelveHours(environment: environment)
            : settings.format == .twelveHour
        let marsSource = try marsClock()
        let render = try faceRenderer(settings: settings, twelveHour: twelve, local: local, zones: zones, onMars: marsSource != nil)
        let terminal = ClockTerminal()
        let link = ClockDaemonLink(path: DaemonSocket.path(option: socket))
        link.followsLife = overlay.contains(.life)
        let session = ClockSession(terminal: terminal, link: link,
                                   settings: settings, zone: local, battery: BatteryGauge(environment: environment),
                                   mars: marsSource, render: render)
        guard !once && terminal.isInteractive else {
            return printOnce(session, link: link, terminal: terminal, zone: local)
        }
        if !changes.isEmpty {
            do { try store.update { _ in (changes, ()) } } catch { Output.error("warning: \(error)") }
        }
        session.run()
    }

    /// `--mars`: the site's clock, with the leap seconds the system lists.
    private func marsClock() throws -> MarsClockSource? {
        guard let mars else { return nil }
        let (_, longitude, landing) = try Mars.place(named: mars)
        let name = (try? MarsSite.named(mars).get().place) ?? longitude.description
        return MarsClockSource(place: name, longitude: longitude, landing: landing, solar: solar,
                               leapSeconds: SystemLeapSeconds.load().list)
    }

    private func faceRenderer(settings: ClockSettings, twelveHour: Bool, local: ZoneRules,
                              zones: SystemTimeZoneSource, onMars: Bool) throws -> ClockFaceRenderer {
        guard analog else {
            return { scene, size in
                var scene = scene
                // A Mars clock is 24-hour (the sol has no AM and PM) and has no Earth date.
                (scene.twelveHour, scene.seconds) = (twelveHour && !onMars, settings.seconds)
                (scene.ampm, scene.date) = (settings.ampm && !onMars, settings.date && !onMars)
                return DigitalFace.render(scene, size: size)
            }
        }
        let other = try zone.map { try Self.zoneRules($0, from: zones) }
        let style: DotStyle = blocks ? .blocks : .braille
        return { scene, size in
            let reading = scene.reading
            let complication = other.map { zone in
                ComplicationText.zoneDifference(zone: zone.identifier, zoneOffset: zone.offset(at: reading.instant),
                                                localOffset: reading.offsetSeconds)
            } ?? (onMars ? scene.info.first : nil)
            var frame = ClockFrame(size: size, lines: AnalogFace.render(reading, size: size, style: style,
                                                                        seconds: settings.seconds, complication: complication),
                                   style: .digits)
            if let ringing = scene.ringing {
                frame.center(.init(ringing, .alert), row: 0)
                frame.restyle(row: 0, as: .alert)
            }
            return frame
        }
    }

    private func printOnce(_ session: ClockSession, link: ClockDaemonLink, terminal: ClockTerminal, zone: ZoneRules) {
        let size = size.flatMap(TerminalSize.init(parsing:)) ?? terminal.size ?? TerminalSize(columns: 80, rows: 24)
        let now = at.flatMap { ISO8601.parts($0) }.map { parts in
            parts.instant ?? parts.wallSeconds - Int64(zone.offset(at: parts.wallSeconds - Int64(zone.offset(at: parts.wallSeconds))))
        } ?? LocalTime.nowSeconds()
        link.connectIfDue(now: now)  // one try, so the frame has the daemon's overlays
        let shown = session.frame(now: now, size: size)
        let styled = isatty(STDOUT_FILENO) == 1
        for line in styled ? ClockPainter.lines(shown.frame, colors: shown.colors) : shown.frame.text {
            Output.line(line)
        }
    }
}
