import ArgumentParser
import ClockFace
import Glibc
import MarsTime
import NoiseClient
import NoiseConfig
import NoiseCore
import NoiseSystem
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

    @Option(
        help: "Colour of the digits: a name (red, bright-blue, default, ...) or #RRGGBB (saved).",
        transform: OptionValue.color)
    var color: TerminalColor?

    @Option(help: "Colour behind them, the same way (saved).", transform: OptionValue.color)
    var background: TerminalColor?

    @Option(
        help: "Colours: terminal, night (dim red on black) or day (dark on light) (saved).",
        transform: OptionValue.theme)
    var theme: ClockTheme?

    @Flag(
        name: .customLong("random-color"), inversion: .prefixedNo,
        help: "A new colour for the digits every minute (saved).")
    var randomColor: Bool?

    @Option(
        help: "The web pages' night screen: off, sun (sunset to sunrise at [location]) or 22:30-06:30 (saved).",
        transform: OptionValue.night)
    var night: NightSchedule?

    @Option(
        name: .customLong("night-color"), help: "The night screen's colour, #RRGGBB (saved).",
        transform: OptionValue.nightColor)
    var nightColor: TerminalColor?

    @Option(
        name: .customLong("night-brightness"), help: "The night screen's brightness cap, 1-100 percent (saved).",
        transform: OptionValue.nightBrightness)
    var nightBrightness: Int?

    @Option(
        help: "With --analog: show this zone's difference from local time, e.g. Asia/Kolkata.", completion: .timeZones,
        transform: OptionValue.zone)
    var zone: ZoneRules?

    @Flag(help: "With --analog: draw with block characters instead of braille.")
    var blocks = false

    @Option(
        help: "Show a clock on Mars instead: a site (jezero, gale…) or a longitude (77.45E); its LMST, with the sol.",
        completion: .list(MarsSite.all.map(\.id)), transform: MarsPlace.parse)
    var mars: MarsPlace?

    @Flag(help: "With --mars: local true solar time (LTST) instead of local mean solar time.")
    var solar = false

    @Option(
        help: "Add a line under the digits: life (the days remaining and today's habit bonus, from noised). Not saved.")
    var overlay: [ClockOverlays.Kind] = []

    @Flag(help: "Print one frame and exit (for scripts).")
    var once = false

    @Option(
        help: "With --once: the frame's size, e.g. 80x24 (default: the terminal's, else 80x24).",
        transform: OptionValue.terminalSize)
    var size: TerminalSize?

    @Option(
        help:
            "With --once: the time to show, e.g. 2026-09-07T07:05:09 (local) or with an offset (for scripts and tests)."
    )
    var at: String?

    @OptionGroup var noJSON: ViewJSONRefusal

    /// `--at`, read in `validate()` rather than by a transform, to keep the message scripts match:
    /// "--at: 'yesterday' is not a date and time".
    var atParts = Validated<ISO8601.Parts?>()

    mutating func validate() throws {
        if twelveHour && twentyFourHour { throw ValidationError("give --12h or --24h, not both") }
        atParts.value = try at.map { at in
            guard let parts = ISO8601.parts(at) else {
                throw ValidationError(
                    "--at: '\(at)' is not a date and time; give e.g. 2026-09-07T07:05:09 or 2026-09-07T07:05:09+02:00")
            }
            return parts
        }
        if (zone != nil || blocks) && !analog { throw ValidationError("--zone and --blocks go with --analog") }
        if solar && mars == nil { throw ValidationError("--solar goes with --mars SITE") }
    }

    /// The options given, as config changes: only what the user said, so the rest of the file stays theirs.
    var changes: [ConfigEditor.Change] {
        var changes: [ConfigEditor.Change] = []
        if twelveHour { changes.append(("clock.format", .string(HourFormat.twelveHour.rawValue))) }
        if twentyFourHour { changes.append(("clock.format", .string(HourFormat.twentyFourHour.rawValue))) }
        if let seconds { changes.append(("clock.seconds", .boolean(seconds))) }
        if let ampm { changes.append(("clock.ampm", .boolean(ampm))) }
        if let date { changes.append(("clock.date", .boolean(date))) }
        if let color { changes.append(("clock.color", .string(color.description))) }
        if let background { changes.append(("clock.background", .string(background.description))) }
        if let theme { changes.append(("clock.theme", .string(theme.rawValue))) }
        if let randomColor { changes.append(("clock.random_color", .boolean(randomColor))) }
        if let night { changes.append(("clock.night", .string(night.description))) }
        if let nightColor { changes.append(("clock.night_color", .string(nightColor.description))) }
        if let nightBrightness { changes.append(("clock.night_brightness", .integer(Int64(nightBrightness)))) }
        return changes
    }

    func run() throws {
        let environment = ProcessEnvironment.current
        let store = ConfigStore(environment: environment)
        let settings = store.clockSettings().applying(changes)
        let zones = SystemTimeZoneSource(environment: environment)
        let local = zones.systemZone()
        let twelve =
            settings.format == .locale
            ? LocaleClock.usesTwelveHours(environment: environment)
            : settings.format == .twelveHour
        let marsSource = marsClock()
        let render = faceRenderer(settings: settings, twelveHour: twelve, onMars: marsSource != nil)
        let terminal = ClockTerminal()
        let link = ClockDaemonLink(path: DaemonSocket.path(option: socket))
        link.followsLife = overlay.contains(.life)
        let session = ClockSession(
            terminal: terminal, link: link,
            settings: settings, zone: local, battery: BatteryGauge(environment: environment),
            mars: marsSource, colorDepth: ColorDepth(environment: environment), render: render)
        guard !once && terminal.isInteractive else {
            return printOnce(session, link: link, terminal: terminal, zone: local)
        }
        if !changes.isEmpty {
            do { try store.update { _ in (changes, ()) } } catch { Output.error("warning: \(error)") }
        }
        session.run()
    }

    /// `--mars`: the site's clock, with the leap seconds the system lists.
    private func marsClock() -> MarsClockSource? {
        guard let mars else { return nil }
        let location = mars.location
        return MarsClockSource(
            place: location.site?.place ?? location.name, longitude: location.longitude,
            landing: location.site?.landing, solar: solar,
            leapSeconds: SystemLeapSeconds.load().list)
    }

    private func faceRenderer(settings: ClockSettings, twelveHour: Bool, onMars: Bool) -> ClockFaceRenderer {
        guard analog else {
            return { scene, size in
                var scene = scene
                // A Mars clock is 24-hour (the sol has no AM and PM) and has no Earth date.
                (scene.twelveHour, scene.seconds) = (twelveHour && !onMars, settings.seconds)
                (scene.ampm, scene.date) = (settings.ampm && !onMars, settings.date && !onMars)
                return DigitalFace.render(scene, size: size)
            }
        }
        let other = zone
        let style: DotStyle = blocks ? .blocks : .braille
        return { scene, size in
            let reading = scene.reading
            let complication =
                other.map { zone in
                    ComplicationText.zoneDifference(
                        zone: zone.identifier, zoneOffset: zone.offset(at: reading.instant),
                        localOffset: reading.offsetSeconds)
                } ?? (onMars ? scene.info.first : nil)
            var frame = ClockFrame(
                size: size,
                lines: AnalogFace.render(
                    reading, size: size, style: style,
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
        let size = size ?? terminal.size ?? TerminalSize(columns: 80, rows: 24)
        let now =
            atParts.value.map { parts in
                parts.instant ?? parts.wallSeconds
                    - Int64(zone.offset(at: parts.wallSeconds - Int64(zone.offset(at: parts.wallSeconds))))
            } ?? LocalTime.nowSeconds()
        link.connectIfDue(now: now)  // one try, so the frame has the daemon's overlays
        let shown = session.frame(now: now, size: size)
        let styled = isatty(STDOUT_FILENO) == 1
        for line in styled ? ClockPainter.lines(shown.frame, colors: shown.colors) : shown.frame.text {
            Output.line(line)
        }
    }
}
