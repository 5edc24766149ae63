import Testing

@testable import ClockFace
@testable import NoiseConfig
@testable import NoiseCore
@testable import NoiseTime

@Suite("Clock parts")
struct ClockPartsTests {
    @Test(arguments: [
        (0, "0"), (3600, "+1"), (-6 * 3600, "-6"), (19_800, "+5:30"), (20_700, "+5:45"),
        (-34_200, "-9:30"), (50_400, "+14"), (-1800, "-0:30"),
    ])
    func offsetDifferences(_ seconds: Int, _ text: String) {
        #expect(ClockText.offsetDifference(seconds) == text)
    }

    @Test func readingsComeFromTheZoneRules() {
        // 2026-03-29 01:30 UTC: Berlin has just gone to summer time (+2).
        let berlin = try! ZoneRules(posix: "CET-1CEST,M3.5.0,M10.5.0/3", identifier: "Europe/Berlin")
        let reading = ClockReading(instant: 1_774_747_800, zone: berlin)
        #expect(reading == .at(year: 2026, month: 3, day: 29, hour: 3, minute: 30, offsetSeconds: 7200))
        #expect(reading.weekday == 7)
        #expect(reading.instant == 1_774_747_800)
        #expect(ClockText.dateLine(.at(year: 2026, month: 9, day: 7, hour: 0, minute: 0)) == "7 September Mon")
        #expect(
            ClockReading(instant: -1, zone: .utc)
                == .at(year: 1969, month: 12, day: 31, hour: 23, minute: 59, second: 59))
    }

    @Test(arguments: [
        ("red", TerminalColor.ansi(1)), ("Bright-Blue", .ansi(12)), ("grey", .ansi(8)),
        ("default", .terminalDefault), ("#ff8800", .rgb(255, 136, 0)), ("#F80", .rgb(255, 136, 0)),
    ])
    func coloursParse(_ text: String, _ colour: TerminalColor) throws {
        #expect(try TerminalColor(parsing: text) == colour)
        #expect(try TerminalColor(parsing: colour.description) == colour, "what is saved reads back the same")
    }

    @Test(arguments: ["mauve", "#12", "#GGHHII", "", "#1234567", "bright"])
    func badColoursSayWhatIsAccepted(_ text: String) {
        #expect {
            try TerminalColor(parsing: text)
        } throws: { error in
            "\(error)".contains("unknown colour '\(text)'") && "\(error)".contains("#RRGGBB")
        }
    }

    @Test func coloursBecomeSGR() {
        #expect(TerminalColor.ansi(1).sgr(background: false) == "31")
        #expect(TerminalColor.ansi(12).sgr(background: true) == "104")
        #expect(TerminalColor.rgb(1, 2, 3).sgr(background: false) == "38;2;1;2;3")
        #expect(TerminalColor.terminalDefault.sgr(background: true) == "49")
    }

    @Test func randomColourChangesEveryMinuteAndStaysWithinIt() {
        var settings = ClockSettings()
        settings.randomColor = true
        var previous: TerminalColor?
        for minute in 0..<600 {
            let start = ClockReading.at(year: 2026, month: 1, day: 1, hour: minute / 60, minute: minute % 60, second: 0)
            let end = ClockReading.at(year: 2026, month: 1, day: 1, hour: minute / 60, minute: minute % 60, second: 59)
            let colour = ClockColors.resolve(settings, at: start).digits
            #expect(ClockColors.resolve(settings, at: end).digits == colour)
            #expect(colour != previous)
            previous = colour
        }
    }

    @Test func themesUnderExplicitColours() {
        var settings = ClockSettings()
        settings.theme = .night
        let reading = ClockReading.at(year: 2026, month: 1, day: 1, hour: 0, minute: 0)
        #expect(
            ClockColors.resolve(settings, at: reading)
                == ClockColors(
                    text: ClockTheme.night.foreground,
                    digits: ClockTheme.night.foreground,
                    background: ClockTheme.night.background))
        settings.color = .ansi(2)
        #expect(ClockColors.resolve(settings, at: reading).digits == .ansi(2))
        #expect(ClockColors.resolve(settings, at: reading).background == ClockTheme.night.background)
    }

    @Test func thePainterWritesOnlyTheLinesThatChanged() {
        let size = TerminalSize(columns: 40, rows: 12)
        let colors = ClockColors(text: .terminalDefault, digits: .ansi(1), background: .terminalDefault)
        let first = DigitalFace.render(
            DigitalClockScene(reading: .at(year: 2026, month: 1, day: 1, hour: 7, minute: 5)), size: size)
        let second = DigitalFace.render(
            DigitalClockScene(reading: .at(year: 2026, month: 1, day: 1, hour: 7, minute: 6)), size: size)
        let full = ClockPainter.paint(first, colors: colors, over: nil)
        #expect(full.contains("\u{1B}[2J"), "the first frame clears the screen")
        let changed = zip(first.lines, second.lines).filter { $0 != $1 }.count
        let update = ClockPainter.paint(second, colors: colors, over: (first, colors))
        #expect(!update.contains("\u{1B}[2J"), "no clearing between seconds: no flicker")
        #expect(update.components(separatedBy: ";1H").count - 1 == changed)
        #expect(changed > 0 && changed < size.rows)
        #expect(
            ClockPainter.paint(second, colors: colors, over: (second, colors)) == "\u{1B}[0m",
            "nothing changed, nothing drawn")
        let resized = DigitalFace.render(
            DigitalClockScene(reading: .at(year: 2026, month: 1, day: 1, hour: 7, minute: 6)),
            size: TerminalSize(columns: 50, rows: 12))
        #expect(ClockPainter.paint(resized, colors: colors, over: (second, colors)).contains("\u{1B}[2J"))
    }

    @Test func batteryReports() {
        typealias Supply = BatteryReport.Supply
        #expect(BatteryReport.text([]) == nil)
        #expect(BatteryReport.text([Supply(type: "Mains", capacity: nil, status: nil)]) == nil)
        #expect(
            BatteryReport.text([Supply(type: "Battery", capacity: "84", status: "Charging")]) == "Battery 84% charging")
        #expect(BatteryReport.text([Supply(type: "Battery", capacity: "100", status: "Full")]) == "Battery 100% full")
        #expect(
            BatteryReport.text([Supply(type: "Battery", scope: "Device", capacity: "30", status: "Discharging")])
                == nil,
            "a mouse's battery is not the machine's")
        #expect(
            BatteryReport.text([
                Supply(type: "Battery", capacity: "80", status: "Discharging"),
                Supply(type: "Battery", capacity: "40", status: "Charging"),
            ]) == "Battery 60% charging")
        #expect(BatteryReport.text([Supply(type: "Battery", capacity: "garbage", status: "Charging")]) == nil)
    }

    @Test func textFromTheDaemonCannotCarryEscapes() {
        var frame = ClockFrame(size: TerminalSize(columns: 30, rows: 2))
        frame.center(.init("Work\u{1B}[2J\tnow\u{9B}31m"), row: 0)
        #expect(!frame.text.joined().unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(frame.text[0].contains("Work [2J now 31m"))
        #expect(frame.text.allSatisfy { DisplayWidth.of($0) == 30 })
    }

    @Test func displayWidths() {
        #expect(DisplayWidth.of("07:00 Work") == 10)
        #expect(DisplayWidth.of("起床") == 4)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.fit("Next alarm 07:00 Work", width: 10) == "Next alar…")
        #expect(DisplayWidth.of(DisplayWidth.fit("起床起床起床", width: 5)) <= 5)
    }

    @Test(arguments: [
        ("en_US.UTF-8", true), ("en_GB.UTF-8", false), ("de_DE", false), ("ar_EG.UTF-8", true),
        ("hi_IN", true), ("ta_IN.UTF-8", true), ("fr_CA.UTF-8", false), ("en_CA.UTF-8", true), ("C.UTF-8", false),
        ("C", false),
    ])
    func localesThatUseTwelveHours(_ name: String, _ twelve: Bool) {
        #expect(HourFormat.localeUsesTwelveHours(name) == twelve)
    }
}
