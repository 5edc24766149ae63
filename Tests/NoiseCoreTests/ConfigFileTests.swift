import Testing

@testable import NoiseCatalog
@testable import NoiseConfig
@testable import NoiseCore

@Suite("config.toml")
struct ConfigFileTests {
    static let everyKey = """
        # every documented key, none at its default
        [audio]
        device = "pulse"
        cache_size = 128

        [playback]
        volume = 70
        fade_in = "2s"
        fade_out = 1.5
        sleep_fade = "1m"
        resume_on_start = true
        default_sound = "brown"

        [alarms]
        sound = "chime"
        volume = 65.5
        ramp = "2m"
        snooze = 5
        ring_limit = "15m"
        dawn = "25m"
        missed_grace = "30m"
        holidays = "~/holidays.ics"

        [sounds]
        folders = ["~/Music/noise", "/srv/sounds"]
        import_quota = 2048

        [log]
        level = "debug"

        [clock]
        format = "12h"
        seconds = true
        ampm = true
        date = true
        color = "#FF8800"
        background = "bright-blue"
        theme = "night"
        random_color = true
        size = 80
        glow = 35
        opacity = 90
        overlay_opacity = 40
        font = "DejaVu Sans Mono"
        weight = 200
        design = "monospaced"
        next_alarm = false
        now_playing = false
        night = "22:30-06:30"
        night_color = "#FF8000"
        night_brightness = 10

        [world]
        zones = ["Europe/Berlin", "Asia/Kathmandu"]

        [mars]
        site = "Jezero"

        [location]
        latitude = -33.8688
        longitude = 151.2093
        elevation = 58
        name = "Sydney"

        [desktop]
        mpris = false
        notifications = false
        inhibit_sleep = false

        [satellites]
        download = false
        source = "http://127.0.0.1:8080/gp.php"
        timeout = "5s"
        retry = "10s"
        deadline = "90s"

        [web]
        listen = "[::1]:8080"
        lan = "0.0.0.0:7471"

        [hooks]
        dawn_started = ["~/bin/lights", "up"]
        alarm_ringing = ["/usr/bin/true"]
        alarm_snoozed = ["/usr/bin/true"]
        alarm_dismissed = ["/usr/bin/true", "coffee"]
        alarm_missed = ["/usr/bin/true"]
        timer_done = ["/usr/bin/true"]
        playback = ["/usr/bin/true"]
        timeout = "20s"
        max_running = 3

        [mqtt]
        broker = "mqtts://broker.lan:8883"
        username = "clock"
        password_file = "~/.config/noised/mqtt-password"
        ca_file = "/etc/ssl/certs/home-ca.pem"
        client_id = "bedroom-clock"
        topic_prefix = "home/bedroom/clock"
        discovery_prefix = "homeassistant"
        """

    func read(_ text: String) -> ConfigFile.Result {
        ConfigFile.read(Array(text.utf8), home: "/home/ada")
    }

    @Test func everyDocumentedKeyIsParsed() {
        let result = read(Self.everyKey)
        #expect(result.problems == [])
        var expected = DaemonSettings()
        expected.device = "pulse"
        expected.cacheMiB = 128
        expected.playback.volume = 70
        expected.playback.fadeInSeconds = 2
        expected.playback.fadeOutSeconds = 1.5
        expected.playback.sleepFadeSeconds = 60
        expected.alarm.sound = "chime"
        expected.alarm.volume = 65.5
        expected.alarm.rampSeconds = 120
        expected.alarm.snoozeMinutes = 5
        expected.alarm.ringLimitSeconds = 900
        expected.alarm.dawnSeconds = 1500
        expected.missedGraceSeconds = 1800
        expected.holidaysFile = "/home/ada/holidays.ics"
        expected.soundFolders = ["/home/ada/Music/noise", "/srv/sounds"]
        expected.importQuotaMiB = 2048
        expected.logLevel = "debug"
        expected.playback.resumeOnStart = true
        expected.playback.defaultSound = "brown"
        expected.desktop.mpris = false
        expected.desktop.notifications = false
        expected.desktop.inhibitSleep = false
        expected.clock.format = .twelveHour
        expected.clock.seconds = true
        expected.clock.ampm = true
        expected.clock.date = true
        expected.clock.color = .rgb(0xFF, 0x88, 0x00)
        expected.clock.background = .ansi(12)
        expected.clock.theme = .night
        expected.clock.randomColor = true
        expected.clock.face.size = 80
        expected.clock.face.glow = 35
        expected.clock.face.opacity = 90
        expected.clock.face.overlayOpacity = 40
        expected.clock.face.font = "DejaVu Sans Mono"
        expected.clock.face.weight = 200
        expected.clock.face.design = .monospaced
        expected.clock.face.nextAlarm = false
        expected.clock.face.nowPlaying = false
        expected.clock.face.night = .hours(start: 22 * 60 + 30, end: 6 * 60 + 30)
        expected.clock.face.nightColor = .rgb(0xFF, 0x80, 0x00)
        expected.clock.face.nightBrightness = 10
        expected.clock.worldZones = ["Europe/Berlin", "Asia/Kathmandu"]
        expected.clock.marsSite = "Jezero"
        expected.clock.location.latitude = -33.8688
        expected.clock.location.longitude = 151.2093
        expected.clock.location.elevationMeters = 58
        expected.clock.location.name = "Sydney"
        expected.satellites.download = false
        expected.satellites.source = "http://127.0.0.1:8080/gp.php"
        expected.satellites.timeoutSeconds = 5
        expected.satellites.retrySeconds = 10
        expected.satellites.deadlineSeconds = 90
        expected.web.listen = ListenAddress(host: "::1", port: 8080, isIPv6: true)
        expected.web.lan = ListenAddress(host: "0.0.0.0", port: 7471, isIPv6: false)
        expected.hooks.programs = Dictionary(uniqueKeysWithValues: HookSettings.events.map { ($0, ["/usr/bin/true"]) })
        expected.hooks.programs["dawn_started"] = ["/home/ada/bin/lights", "up"]
        expected.hooks.programs["alarm_dismissed"] = ["/usr/bin/true", "coffee"]
        expected.hooks.timeoutSeconds = 20
        expected.hooks.maxRunning = 3
        expected.mqtt.broker = MQTTBroker(host: "broker.lan", port: 8883, tls: true)
        expected.mqtt.username = "clock"
        expected.mqtt.passwordFile = "/home/ada/.config/noised/mqtt-password"
        expected.mqtt.caFile = "/etc/ssl/certs/home-ca.pem"
        expected.mqtt.clientID = "bedroom-clock"
        expected.mqtt.topicPrefix = "home/bedroom/clock"
        #expect(result.settings == expected)
        #expect(Set(result.keys) == Set(ConfigKey.all.map(\.name)), "the example sets every key there is")
    }

    /// A 5 MB value used to be copied whole into every `status` reply and log line.
    @Test func aHugeBadValueIsQuotedOnlyInPart() {
        let value = String(repeating: "x", count: 5_000_000)
        let result = ConfigFile.read(Array("[log]\nlevel = \"\(value)\"\n".utf8), home: "/home/u")
        #expect(result.problems.count == 1)
        let problem = result.problems[0]
        #expect(problem.line == 2 && problem.key == "log.level")
        #expect(problem.message.count <= ConfigLimits.maxProblemCharacters + 10 && problem.message.hasSuffix("… (cut)"))
    }

    @Test func anEmptyFileMeansTheDefaults() {
        let result = read("# nothing set\n")
        #expect(result.problems == [])
        #expect(result.settings == DaemonSettings())
    }

    @Test(arguments: [
        ("[audio]\ncache_size = 0", 2, "audio.cache_size", "an integer 1 to 4096 (MiB); got 0"),
        ("[audio]\ncache_size = \"64\"", 2, "audio.cache_size", "got \"64\""),
        ("[audio]\ncache_size = 64.5", 2, "audio.cache_size", "an integer 1 to 4096"),
        ("[audio]\ndevice = \"\"", 2, "audio.device", "an ALSA device name"),
        ("[audio]\ndevice = 3", 2, "audio.device", "got 3"),
        ("[clock]\nformat = \"13h\"", 2, "clock.format", "one of \"locale\", \"12h\", \"24h\"; got \"13h\""),
        ("[clock]\nglow = 140", 2, "clock.glow", "an integer 0 to 100 (percent); got 140"),
        ("[clock]\nweight = 450", 2, "clock.weight", "in steps of 100"),
        ("[clock]\nfont = \"x;}body{\"", 2, "clock.font", "is not a font family's name"),
        ("[clock]\nseconds = \"yes\"", 2, "clock.seconds", "true or false; got \"yes\""),
        ("[clock]\ncolor = \"mauve\"", 2, "clock.color", "a colour name (default, black, red"),
        ("[clock]\ncolor = \"#12345\"", 2, "clock.color", "or #RRGGBB; got \"#12345\""),
        ("[clock]\ntheme = \"dusk\"", 2, "clock.theme", "one of \"terminal\", \"night\", \"day\""),
        ("[clock]\nnight = \"dusk\"", 2, "clock.night", "'dusk' is none of \"off\", \"sun\""),
        ("[clock]\nnight = \"22:30-6:30\"", 2, "clock.night", "'6:30' is not a time of day from 00:00 to 23:59"),
        ("[clock]\nnight = \"24:00-06:00\"", 2, "clock.night", "'24:00' is not a time of day"),
        ("[clock]\nnight = \"22:00-22:00\"", 2, "clock.night", "the night starts and ends at the same time"),
        ("[clock]\nnight = \"22:00-06:00-07:00\"", 2, "clock.night", "is none of"),
        ("[clock]\nnight = true", 2, "clock.night", "\"22:30-06:30\" in quotes; got true"),
        ("[clock]\nnight_color = \"red\"", 2, "clock.night_color", "'red' is not a colour #RRGGBB"),
        ("[clock]\nnight_color = \"#ff00\"", 2, "clock.night_color", "'#ff00' is not a colour #RRGGBB"),
        ("[clock]\nnight_brightness = 0", 2, "clock.night_brightness", "an integer 1 to 100"),
        ("[clock]\nnight_brightness = 101", 2, "clock.night_brightness", "got 101"),
        ("[world]\nzones = [\"../etc/passwd\"]", 2, "world.zones", "'../etc/passwd' is not a zone name"),
        ("[world]\nzones = [\"UTC\", \"UTC\"]", 2, "world.zones", "'UTC' is listed twice"),
        ("[world]\nzones = \"UTC\"", 2, "world.zones", "an array of at most 24 zone names"),
        ("[mars]\nsite = \"jezro\"", 2, "mars.site", "'jezro' is neither a Mars site nor a longitude"),
        ("[location]\nlatitude = 91", 2, "location.latitude", "a number: degrees north, -90 to 90"),
        ("[satellites]\nsource = \"ftp://example.org/gp\"", 2, "satellites.source", "not an http:// or https:// URL"),
        ("[satellites]\nsource = \"https://celestrak.org/gp.php?CATNR=1\"", 2, "satellites.source", "without a query"),
        ("[satellites]\ntimeout = \"10m\"", 2, "satellites.timeout", "a duration from 1 s to 5 min"),
        (
            "[web]\nlisten = \"example.com:7470\"", 2, "web.listen",
            "is not an IPv4 address, an IPv6 address in brackets or localhost"
        ),
        ("[web]\nlisten = \"127.0.0.1:0\"", 2, "web.listen", "'0' is not a port 1 to 65535"),
        ("[mars]\nsite = 77.45", 2, "mars.site", "a Mars site (airy-0"),
        ("[playback]\nvolume = 101", 2, "playback.volume", "a number 0 to 100; got 101"),
        ("[playback]\nvolume = -1", 2, "playback.volume", "a number 0 to 100"),
        ("[playback]\nvolume = nan", 2, "playback.volume", "a number 0 to 100"),
        ("[playback]\nvolume = true", 2, "playback.volume", "got true"),
        ("[playback]\n\nfade_in = \"5x\"", 3, "playback.fade_in", "a duration from 0 s to 10 min"),
        ("[playback]\nfade_out = \"11m\"", 2, "playback.fade_out", "got \"11m\""),
        ("[playback]\nsleep_fade = -1", 2, "playback.sleep_fade", "a duration"),
        ("[playback]\nsleep_fade = inf", 2, "playback.sleep_fade", "a duration"),
        ("[alarms]\nsound = \"Not An Id\"", 2, "alarms.sound", "sound id must be lowercase letters"),
        ("[alarms]\nvolume = 200", 2, "alarms.volume", "a number 0 to 100"),
        ("[alarms]\nramp = \"11m\"", 2, "alarms.ramp", "a duration from 0 s to 10 min"),
        ("[alarms]\nsnooze = 0", 2, "alarms.snooze", "an integer 1 to 60 (minutes); got 0"),
        ("[alarms]\nsnooze = \"9m\"", 2, "alarms.snooze", "an integer 1 to 60"),
        ("[alarms]\nring_limit = \"5s\"", 2, "alarms.ring_limit", "a duration from 10 s to 2 h"),
        ("[alarms]\nmissed_grace = 0", 2, "alarms.missed_grace", "a duration from 1 s to 24 h"),
        ("[sounds]\nfolders = \"~/Music\"", 2, "sounds.folders", "an array of absolute folder paths"),
        ("[sounds]\nfolders = [1]", 2, "sounds.folders", "an array of absolute folder paths"),
        ("[sounds]\nfolders = [\"Music\"]", 2, "sounds.folders", "'Music' is not an absolute path"),
        ("[sounds]\nimport_quota = 0", 2, "sounds.import_quota", "an integer 1 to 1048576 (MiB)"),
        ("[log]\nlevel = \"loud\"", 2, "log.level", "one of \"trace\", \"debug\""),
        (
            "[audio]\ndevcie = \"pulse\"", 2, "audio.devcie",
            "unknown key; did you mean audio.device? the keys of [audio] are device, cache_size"
        ),
        ("device = \"pulse\"", 1, "device", "outside any table"),
    ])
    func aBadValueIsRefusedWithItsKeyAndLine(_ text: String, _ line: Int, _ key: String, _ message: String) {
        let result = read(text)
        #expect(result.problems.count == 1, "\(result.problems)")
        let problem = result.problems.first
        #expect(problem?.line == line)
        #expect(problem?.key == key)
        #expect(problem?.message.contains(message) == true, "\(problem?.message ?? "none")")
        #expect(result.settings == DaemonSettings(), "a file with a problem is not used")
    }

    @Test func anUnknownTableIsNamedOnceWithTheTablesThereAre() {
        let result = read("[audio]\ndevice = \"pulse\"\n\n[audoi]\ndevice = \"hw:0\"\n")
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.line == 4)
        #expect(
            result.problems.first?.message.contains("unknown table [audoi]; the tables are [audio], [playback]") == true
        )
    }

    @Test func everyProblemIsReportedNotJustTheFirst() {
        let result = read("[audio]\ncache_size = 0\n[alarms]\nsnooze = 99\nvolume = 50\n")
        #expect(result.problems.map(\.line) == [2, 4])
        #expect(result.settings == DaemonSettings(), "the good key in a bad file is not applied either")
    }

    @Test func aSyntaxErrorNamesItsLine() {
        let result = read("[audio]\ndevice = pulse\n")
        #expect(result.problems.count == 1)
        #expect(result.problems.first?.line == 2)
        #expect(result.problems.first?.key == nil)
    }

    @Test func theFileOverlaysTheGivenBase() {
        var base = DaemonSettings()
        base.device = "hw:1"
        let result = ConfigFile.read(Array("[log]\nlevel = \"error\"\n".utf8), over: base, home: "/h")
        #expect(result.settings.device == "hw:1")
        #expect(result.settings.logLevel == "error")
    }

    @Test func theCommandLineWinsOverTheFile() {
        var file = DaemonSettings()
        file.device = "pulse"
        file.playback.fadeInSeconds = 3
        file.logLevel = "debug"
        let settings = SettingsOverrides(device: "null", fadeSeconds: 0.2).applied(to: file)
        #expect(settings.device == "null")
        #expect(settings.playback.fadeInSeconds == 0.2 && settings.playback.fadeOutSeconds == 0.2)
        #expect(settings.logLevel == "debug", "not given on the command line: the file's")
    }

    @Test func everyKeySaysWhatItAccepts() {
        for key in ConfigKey.all {
            #expect(key.name.split(separator: ".").count == 2, "\(key.name) lives in a table")
            #expect(!key.accepted.isEmpty)
        }
    }
}
