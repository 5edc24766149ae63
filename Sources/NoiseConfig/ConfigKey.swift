import MarsTime
import NoiseAlarms
import NoiseCatalog
import NoiseCore
import NoiseTime

/// One key of `config.toml`: its dotted name, what it accepts (said in every error and in
/// `docs/configuration.md`), and how a value lands in `DaemonSettings`.
public struct ConfigKey: Sendable {
    public let name: String
    /// What the key accepts, in words: "an integer 1 to 4096 (MiB)".
    public let accepted: String
    /// Sets the value, or says what is wrong with it. `home` expands a leading `~/` in paths.
    let apply: @Sendable (TOMLValue, _ home: String, inout DaemonSettings) -> ConfigValueError?

    /// Every key, in the order the docs list them.
    public static let all: [ConfigKey] =
        [
            checkedText(
                "audio.device",
                accepted: "an ALSA device name in quotes, e.g. \"default\", \"pulse\", \"hw:0\" or \"null\""
            ) {
                $1.device = $0
                return nil
            },
            integer("audio.cache_size", in: 1...4096, unit: "MiB") { $1.cacheMiB = $0 },
            volume("playback.volume") { $1.playback.volume = $0 },
            duration("playback.fade_in", in: 0...Limits.maxFadeSeconds) { $1.playback.fadeInSeconds = $0 },
            duration("playback.fade_out", in: 0...Limits.maxFadeSeconds) { $1.playback.fadeOutSeconds = $0 },
            duration("playback.sleep_fade", in: 0...Limits.maxFadeSeconds) { $1.playback.sleepFadeSeconds = $0 },
            boolean("playback.resume_on_start") { $1.playback.resumeOnStart = $0 },
            checkedText(
                "playback.default_sound", accepted: "a sound id in quotes, e.g. \"rain\" (see 'noisectl sounds')"
            ) {
                value, settings in
                if let problem = SoundRules.idProblem(value) { return .invalid("sound id \(problem)") }
                settings.playback.defaultSound = value
                return nil
            },
            checkedText("alarms.sound", accepted: "a sound id in quotes, e.g. \"classic\" (see 'noisectl sounds')") {
                value, settings in
                if let problem = SoundRules.idProblem(value) { return .invalid("sound id \(problem)") }
                settings.alarm.sound = value
                return nil
            },
            volume("alarms.volume") { $1.alarm.volume = $0 },
            duration("alarms.ramp", in: AlarmDefaults.rampRange) { $1.alarm.rampSeconds = $0 },
            integer("alarms.snooze", in: AlarmDefaults.snoozeRange, unit: "minutes") { $1.alarm.snoozeMinutes = $0 },
            duration("alarms.ring_limit", in: AlarmDefaults.ringLimitRange) { $1.alarm.ringLimitSeconds = $0 },
            duration("alarms.dawn", in: AlarmDefaults.dawnRange) { $1.alarm.dawnSeconds = $0 },
            duration("alarms.missed_grace", in: AlarmDefaults.missedGraceRange) { $1.missedGraceSeconds = $0 },
            ConfigKey(
                name: "alarms.holidays",
                accepted: "an absolute path in quotes to an iCalendar (.ics) file of days off, e.g. \"~/holidays.ics\""
                    + " (~/ is your home; \"\" for none)"
            ) {
                value, home, settings in
                guard case .string(let path) = value else { return .wrongType }
                let expanded = path.hasPrefix("~/") ? home + path.dropFirst(1) : path
                guard expanded.isEmpty || expanded.hasPrefix("/") else {
                    return .invalid("'\(path)' is not an absolute path")
                }
                settings.holidaysFile = expanded.isEmpty ? nil : expanded
                return nil
            },
            ConfigKey(
                name: "sounds.folders",
                accepted: "an array of absolute folder paths in quotes, e.g. [\"~/Music/noise\"] (~/ is your home)"
            ) {
                value, home, settings in
                guard case .array(let items) = value else { return .wrongType }
                var folders: [String] = []
                for item in items {
                    guard case .string(let path) = item else { return .wrongType }
                    let expanded = path.hasPrefix("~/") ? home + path.dropFirst(1) : path
                    guard expanded.hasPrefix("/") else { return .invalid("'\(path)' is not an absolute path") }
                    folders.append(expanded)
                }
                settings.soundFolders = folders
                return nil
            },
            integer("sounds.import_quota", in: Limits.importQuotaMiB, unit: "MiB") { $1.importQuotaMiB = $0 },
            checkedText("log.level", accepted: "one of " + LogLevels.names.map { "\"\($0)\"" }.joined(separator: ", "))
            {
                value, settings in
                guard LogLevels.names.contains(value) else { return .wrongType }
                settings.logLevel = value
                return nil
            },
            choice("clock.format", HourFormat.self) { $1.clock.format = $0 },
            boolean("clock.seconds") { $1.clock.seconds = $0 },
            boolean("clock.ampm") { $1.clock.ampm = $0 },
            boolean("clock.date") { $1.clock.date = $0 },
            color("clock.color") { $1.clock.color = $0 },
            color("clock.background") { $1.clock.background = $0 },
            choice("clock.theme", ClockTheme.self) { $1.clock.theme = $0 },
            boolean("clock.random_color") { $1.clock.randomColor = $0 },
            integer("clock.size", in: 0...100, unit: "percent of the largest size that fits") {
                $1.clock.face.size = $0
            },
            integer("clock.glow", in: 0...100, unit: "percent") { $1.clock.face.glow = $0 },
            integer("clock.opacity", in: 0...100, unit: "percent") { $1.clock.face.opacity = $0 },
            integer("clock.overlay_opacity", in: 0...100, unit: "percent") { $1.clock.face.overlayOpacity = $0 },
            ConfigKey(
                name: "clock.font",
                accepted: "a font family's name in quotes, e.g. \"DejaVu Sans\", or \"\" for the design's own"
            ) {
                value, _, settings in
                guard case .string(let name) = value else { return .wrongType }
                if let problem = FaceSettings.fontProblem(name) { return .invalid(problem) }
                settings.clock.face.font = name
                return nil
            },
            ConfigKey(
                name: "clock.weight", accepted: "an integer 100 to 900 in steps of 100 (400 is regular, 700 bold)"
            ) {
                value, _, settings in
                guard case .integer(let number) = value, (100...900).contains(number), number % 100 == 0 else {
                    return .wrongType
                }
                settings.clock.face.weight = Int(number)
                return nil
            },
            choice("clock.design", FontDesign.self) { $1.clock.face.design = $0 },
            boolean("clock.next_alarm") { $1.clock.face.nextAlarm = $0 },
            boolean("clock.now_playing") { $1.clock.face.nowPlaying = $0 },
            checkedText("clock.night", accepted: NightSchedule.accepted) { value, settings in
                switch NightSchedule.parse(value) {
                case .success(let schedule):
                    settings.clock.face.night = schedule
                    return nil
                case .failure(let problem):
                    return .invalid(problem.description)
                }
            },
            checkedText("clock.night_color", accepted: "a colour #RRGGBB in quotes, e.g. \"#ff0000\" (red)") {
                value, settings in
                guard value.hasPrefix("#"), let color = try? TerminalColor(parsing: value) else {
                    return .invalid("'\(value.prefix(20))' is not a colour #RRGGBB (e.g. \"#ff0000\" for red)")
                }
                settings.clock.face.nightColor = color
                return nil
            },
            integer(
                "clock.night_brightness", in: ConfigLimits.nightBrightness, unit: "percent of full brightness at night"
            ) {
                $1.clock.face.nightBrightness = $0
            },
            ConfigKey(
                name: "world.zones",
                accepted:
                    "an array of at most \(ConfigLimits.maxWorldZones) zone names in quotes, e.g. [\"Europe/Berlin\", \"Asia/Kolkata\"]"
            ) {
                value, _, settings in
                guard case .array(let items) = value, items.count <= ConfigLimits.maxWorldZones else {
                    return .wrongType
                }
                var zones: [String] = []
                for item in items {
                    guard case .string(let zone) = item else { return .wrongType }
                    guard ZoneName.isWellFormed(zone) else { return .invalid("'\(zone)' is not a zone name") }
                    guard !zones.contains(zone) else { return .invalid("'\(zone)' is listed twice") }
                    zones.append(zone)
                }
                settings.clock.worldZones = zones
                return nil
            },
            checkedText(
                "mars.site",
                accepted: "a Mars site (\(MarsSite.all.map(\.id).joined(separator: ", "))) or a longitude "
                    + "like \"77.45E\" in quotes"
            ) { value, settings in
                guard MarsLongitude(parsing: value) != nil || (try? MarsSite.named(value).get()) != nil else {
                    return .invalid("'\(value.prefix(40))' is neither a Mars site nor a longitude")
                }
                settings.clock.marsSite = value
                return nil
            },
            number("location.latitude", in: -90...90, unit: "degrees north, -90 to 90") {
                $1.clock.location.latitude = $0
            },
            number("location.longitude", in: -180...180, unit: "degrees east, -180 to 180") {
                $1.clock.location.longitude = $0
            },
            number("location.elevation", in: -500...9000, unit: "metres above sea level, -500 to 9000") {
                $1.clock.location.elevationMeters = $0
            },
            checkedText("location.name", accepted: "a name in quotes, e.g. \"London\"") { value, settings in
                guard value.count <= 60 else { return .invalid("a name of at most 60 characters") }
                settings.clock.location.name = value
                return nil
            },
            boolean("desktop.mpris") { $1.desktop.mpris = $0 },
            boolean("desktop.notifications") { $1.desktop.notifications = $0 },
            boolean("desktop.inhibit_sleep") { $1.desktop.inhibitSleep = $0 },
            boolean("satellites.download") { $1.satellites.download = $0 },
            checkedText(
                "satellites.source",
                accepted: "an http:// or https:// URL in quotes without a query, e.g. \""
                    + SatelliteSettings.defaultSource + "\""
            ) { value, settings in
                guard value.hasPrefix("https://") || value.hasPrefix("http://"), !value.contains("?"),
                    !value.contains(" "),
                    value.count <= 500
                else {
                    return .invalid("'\(value.prefix(60))' is not an http:// or https:// URL without a query")
                }
                settings.satellites.source = value
                return nil
            },
            duration("satellites.timeout", in: 1...300) { $1.satellites.timeoutSeconds = $0 },
            duration("satellites.deadline", in: 1...3600) { $1.satellites.deadlineSeconds = $0 },
            duration("satellites.retry", in: 1...3600) { $1.satellites.retrySeconds = $0 },
            listenAddress("web.listen", accepted: ListenAddress.accepted) { $1.web.listen = $0 },
            listenAddress("web.lan", accepted: ListenAddress.acceptedLAN) { $1.web.lan = $0 },
        ] + hooks + mqtt

    public static func named(_ name: String) -> ConfigKey? {
        all.first { $0.name == name }
    }
}
