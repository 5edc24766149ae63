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
    public static let all: [ConfigKey] = [
        checkedText(
            "audio.device", accepted: "an ALSA device name in quotes, e.g. \"default\", \"pulse\", \"hw:0\" or \"null\""
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
        checkedText("playback.default_sound", accepted: "a sound id in quotes, e.g. \"rain\" (see 'noisectl sounds')") {
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
        checkedText("log.level", accepted: "one of " + LogLevels.names.map { "\"\($0)\"" }.joined(separator: ", ")) {
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
        integer("clock.size", in: 0...100, unit: "percent of the largest size that fits") { $1.clock.face.size = $0 },
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
        ConfigKey(name: "clock.weight", accepted: "an integer 100 to 900 in steps of 100 (400 is regular, 700 bold)") {
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
        ConfigKey(
            name: "world.zones",
            accepted:
                "an array of at most \(ConfigLimits.maxWorldZones) zone names in quotes, e.g. [\"Europe/Berlin\", \"Asia/Kolkata\"]"
        ) {
            value, _, settings in
            guard case .array(let items) = value, items.count <= ConfigLimits.maxWorldZones else { return .wrongType }
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
        number("location.latitude", in: -90...90, unit: "degrees north, -90 to 90") { $1.clock.location.latitude = $0 },
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
            guard value.hasPrefix("https://") || value.hasPrefix("http://"), !value.contains("?"), !value.contains(" "),
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
    ]

    public static func named(_ name: String) -> ConfigKey? {
        all.first { $0.name == name }
    }

    // MARK: Kinds of value

    static func checkedText(
        _ name: String, accepted: String,
        set: @escaping @Sendable (String, inout DaemonSettings) -> ConfigValueError?
    ) -> ConfigKey {
        ConfigKey(name: name, accepted: accepted) { value, _, settings in
            guard case .string(let text) = value else { return .wrongType }
            guard !text.isEmpty, !text.unicodeScalars.contains(where: { $0.value < 0x20 }) else { return .wrongType }
            return set(text, &settings)
        }
    }

    static func listenAddress(
        _ name: String, accepted: String,
        set: @escaping @Sendable (ListenAddress, inout DaemonSettings) -> Void
    ) -> ConfigKey {
        checkedText(name, accepted: accepted) { value, settings in
            switch ListenAddress.parse(value) {
            case .success(let address):
                set(address, &settings)
                return nil
            case .failure(let error):
                return .invalid(error.description)
            }
        }
    }

    static func integer(
        _ name: String, in range: ClosedRange<Int>, unit: String,
        set: @escaping @Sendable (Int, inout DaemonSettings) -> Void
    ) -> ConfigKey {
        ConfigKey(name: name, accepted: "an integer \(range.lowerBound) to \(range.upperBound) (\(unit))") {
            value, _, settings in
            guard case .integer(let number) = value, let integer = Int(exactly: number), range.contains(integer) else {
                return .wrongType
            }
            set(integer, &settings)
            return nil
        }
    }

    static func boolean(_ name: String, set: @escaping @Sendable (Bool, inout DaemonSettings) -> Void) -> ConfigKey {
        ConfigKey(name: name, accepted: "true or false") { value, _, settings in
            guard case .boolean(let flag) = value else { return .wrongType }
            set(flag, &settings)
            return nil
        }
    }

    static func choice<Choice: RawRepresentable & CaseIterable & Sendable>(
        _ name: String, _ type: Choice.Type, set: @escaping @Sendable (Choice, inout DaemonSettings) -> Void
    ) -> ConfigKey where Choice.RawValue == String {
        checkedText(name, accepted: "one of " + Choice.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")) {
            value, settings in
            guard let choice = Choice(rawValue: value) else { return .wrongType }
            set(choice, &settings)
            return nil
        }
    }

    static func color(
        _ name: String, set: @escaping @Sendable (TerminalColor, inout DaemonSettings) -> Void
    ) -> ConfigKey {
        checkedText(name, accepted: TerminalColor.accepted) { value, settings in
            guard let color = try? TerminalColor(parsing: value) else { return .wrongType }
            set(color, &settings)
            return nil
        }
    }

    static func number(
        _ name: String, in range: ClosedRange<Double>, unit: String,
        set: @escaping @Sendable (Double, inout DaemonSettings) -> Void
    ) -> ConfigKey {
        ConfigKey(name: name, accepted: "a number: \(unit)") { value, _, settings in
            guard let number = value.number, number.isFinite, range.contains(number) else { return .wrongType }
            set(number, &settings)
            return nil
        }
    }

    static func volume(_ name: String, set: @escaping @Sendable (Double, inout DaemonSettings) -> Void) -> ConfigKey {
        ConfigKey(name: name, accepted: "a number 0 to 100") { value, _, settings in
            guard let number = value.number, number.isFinite, (0...100).contains(number) else { return .wrongType }
            set(number, &settings)
            return nil
        }
    }

    static func duration(
        _ name: String, in range: ClosedRange<Double>,
        set: @escaping @Sendable (Double, inout DaemonSettings) -> Void
    ) -> ConfigKey {
        let accepted =
            "a duration from \(DurationParser.describe(range.lowerBound)) to \(DurationParser.describe(range.upperBound)): "
            + "a string like \"500ms\", \"30s\", \"2m\", \"1h30m\", or a number of seconds"
        return ConfigKey(name: name, accepted: accepted) { value, _, settings in
            let seconds: Double? =
                switch value {
                case .string(let text): try? DurationParser.seconds(text)
                default: value.number
                }
            guard let seconds, seconds.isFinite, range.contains(seconds) else { return .wrongType }
            set(seconds, &settings)
            return nil
        }
    }
}

/// Why a value was refused: the wrong kind or range (the key's `accepted` text says what is right), or a
/// specific reason.
enum ConfigValueError: Sendable, Equatable {
    case wrongType
    case invalid(String)
}

extension TOMLValue {
    /// An integer or a float, as a number.
    var number: Double? {
        switch self {
        case .integer(let value): Double(value)
        case .float(let value): value
        default: nil
        }
    }
}
