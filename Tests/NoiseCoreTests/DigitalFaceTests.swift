import Testing

@testable import ClockFace
@testable import NoiseCore

@Suite("Digital clock face")
struct DigitalFaceTests {
    static let morning = ClockReading.at(year: 2026, month: 9, day: 7, hour: 7, minute: 5, second: 9)
    static let afternoon = ClockReading.at(year: 2026, month: 11, day: 22, hour: 23, minute: 59, second: 58)

    func frame(_ scene: DigitalClockScene, _ columns: Int, _ rows: Int) -> ClockFrame {
        DigitalFace.render(scene, size: TerminalSize(columns: columns, rows: rows))
    }

    @Test func everyFrameHasExactlyTheTerminalsSize() {
        let scenes = [
            DigitalClockScene(reading: Self.morning),
            DigitalClockScene(
                reading: Self.afternoon, twelveHour: true, seconds: true, ampm: true, date: true,
                battery: "Battery 84% charging", ringing: "ALARM 07:00 Work", info: ["Next 中文 alarm"],
                note: "noised is not running"),
        ]
        for scene in scenes {
            for (columns, rows) in [(80, 24), (1, 1), (5, 2), (17, 3), (40, 10), (200, 60), (33, 7)] {
                let text = frame(scene, columns, rows).text
                #expect(text.count == rows)
                #expect(text.allSatisfy { DisplayWidth.of($0) == columns }, "\(columns)x\(rows)")
            }
        }
    }

    @Test func digitsKeepTheirPlaceWhenTheTimeChanges() {
        // 11:11 and 12:00 at the same size: the colon stays in the same columns.
        func colonColumns(_ hour: Int, _ minute: Int) -> [Int] {
            let reading = ClockReading.at(year: 2026, month: 1, day: 1, hour: hour, minute: minute)
            let bitmap = BigDigitFont.bitmap(DigitalClockScene(reading: reading).digitText)
            let lit = bitmap.map { row in row.indices.filter { row[$0] } }
            return lit[1].filter { column in bitmap.indices.allSatisfy { !bitmap[$0][column] || $0 == 1 || $0 == 3 } }
        }
        #expect(colonColumns(11, 11) == colonColumns(12, 0))
        let widths = [(1, 11), (12, 0), (10, 10), (20, 48)].map { hour, minute in
            BigDigitFont.bitmap(
                DigitalClockScene(reading: .at(year: 2026, month: 1, day: 1, hour: hour, minute: minute)).digitText)[0]
                .count
        }
        #expect(Set(widths).count == 1)
    }

    @Test func theLargestSizeThatFitsIsChosen() {
        let small = frame(DigitalClockScene(reading: Self.morning), 40, 12).text
        let large = frame(DigitalClockScene(reading: Self.morning), 160, 48).text
        func litRows(_ lines: [String]) -> Int {
            lines.filter { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }.count
        }
        #expect(litRows(large) > litRows(small))
        // 17 pixels across for HH:MM: 160 columns fit scale 9 (153 columns).
        #expect(large.map { $0.filter { $0 != " " }.count }.max()! > 100)
    }

    @Test func twelveHourModeDropsTheLeadingZeroAndShowsTheBadge() {
        let scene = DigitalClockScene(reading: Self.afternoon, twelveHour: true, ampm: true)
        let text = frame(scene, 80, 24).text
        #expect(text.contains { $0.contains("PM") })
        #expect(scene.digitText == "11:59")
        #expect(DigitalClockScene(reading: Self.morning, twelveHour: true).digitText == " 7:05")
        #expect(DigitalClockScene(reading: Self.morning, twelveHour: true, ampm: true).badge == "AM")
        #expect(DigitalClockScene(reading: Self.morning, ampm: true).badge == nil, "no badge in 24-hour mode")
    }

    @Test func aTerminalTooSmallForBlocksGetsPlainText() {
        let text = frame(DigitalClockScene(reading: Self.morning, seconds: true), 12, 2).text
        #expect(text.contains { $0.contains("07:05:09") })
    }

    @Test func overlaysAppearAndGoFromTheLastWhenRowsRunOut() {
        let scene = DigitalClockScene(
            reading: Self.morning, date: true, info: ["Next alarm 07:30", "Playing Rain"],
            note: "noised is not running")
        let roomy = frame(scene, 80, 24).text
        #expect(roomy.contains { $0.contains("7 September Mon") })
        #expect(roomy.contains { $0.contains("Playing Rain") })
        #expect(roomy.contains { $0.contains("noised is not running") })
        let tight = frame(scene, 80, 4).text
        #expect(tight.contains { $0.contains("07:05") })
        #expect(!tight.contains { $0.contains("noised is not running") })
    }

    @Test func ringingIsTheFirstThingOnTheScreenAndStyledAsAnAlert() {
        let scene = DigitalClockScene(reading: Self.morning, ringing: "ALARM 07:00 Work")
        let rendered = frame(scene, 60, 20)
        let bannerRow = rendered.text.firstIndex { $0.contains("ALARM 07:00 Work") }!
        #expect(rendered.lines[bannerRow].allSatisfy { $0.style == .alert })
        let firstDigitRow = rendered.text.firstIndex { $0.contains("█") }!
        #expect(bannerRow < firstDigitRow)
        #expect(rendered.lines[firstDigitRow].contains { $0.style == .alert }, "digits turn alert-coloured too")
    }

    @Test func theBatterySitsTopRight() {
        let text = frame(DigitalClockScene(reading: Self.morning, battery: "Battery 84%"), 50, 15).text
        #expect(text[0].hasSuffix("Battery 84%"))
    }

    @Test(arguments: [
        ("digital-24h-80x24", DigitalClockScene(reading: morning), 80, 24),
        ("digital-24h-seconds-80x24", DigitalClockScene(reading: morning, seconds: true, date: true), 80, 24),
        (
            "digital-12h-ampm-80x24",
            DigitalClockScene(
                reading: afternoon, twelveHour: true, ampm: true, date: true,
                info: ["Next alarm 07:00 Work, in 7 h"]), 80, 24
        ),
        (
            "digital-12h-morning-60x16",
            DigitalClockScene(reading: morning, twelveHour: true, seconds: true, ampm: true), 60, 16
        ),
        ("digital-narrow-20x8", DigitalClockScene(reading: morning, date: true, note: "noised is not running"), 20, 8),
        ("digital-tiny-10x3", DigitalClockScene(reading: afternoon, seconds: true), 10, 3),
        (
            "digital-ringing-battery-72x20",
            DigitalClockScene(
                reading: morning, battery: "Battery 61% discharging",
                ringing: "ALARM 07:00 Work — s snooze · d dismiss",
                info: ["Playing Heavy rain"]), 72, 20
        ),
    ])
    func goldenFrames(name: String, scene: DigitalClockScene, columns: Int, rows: Int) {
        GoldenFrame.check(frame(scene, columns, rows).text, name)
    }
}
