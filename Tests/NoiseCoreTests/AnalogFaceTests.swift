import Foundation
import Testing

@testable import ClockFace
@testable import NoiseCore

/// One frame of the analog face, compared with Tests/NoiseCoreTests/Golden/analog-<name>.txt.
struct AnalogGoldenFrame: CustomTestStringConvertible, Sendable {
    var name: String
    var reading: ClockReading
    var size: TerminalSize
    var style = DotStyle.braille
    var complication: String?

    var testDescription: String { name }
}

private func time(_ hour: Int, _ minute: Int, _ second: Int = 0) -> ClockReading {
    .at(year: 2025, month: 3, day: 14, hour: hour, minute: minute, second: second)
}

/// Local time is UTC in these, so each zone's difference is its own offset.
private func zoneText(_ identifier: String, _ offset: Int) -> String {
    ComplicationText.zoneDifference(zone: identifier, zoneOffset: offset, localOffset: 0)
}

private let large = TerminalSize(columns: 60, rows: 30)
private let small = TerminalSize(columns: 24, rows: 12)

private let goldenFrames = [
    AnalogGoldenFrame(name: "0300-60x30", reading: time(3, 0), size: large),
    AnalogGoldenFrame(name: "0930-60x30", reading: time(9, 30), size: large),
    AnalogGoldenFrame(name: "101030-60x30", reading: time(10, 10, 30), size: large),
    AnalogGoldenFrame(name: "101030-24x12", reading: time(10, 10, 30), size: small),
    AnalogGoldenFrame(name: "0930-blocks-60x30", reading: time(9, 30), size: large, style: .blocks),
    AnalogGoldenFrame(
        name: "kolkata-60x30", reading: time(10, 10, 30), size: large,
        complication: zoneText("Asia/Kolkata", 19_800)),
    AnalogGoldenFrame(
        name: "kathmandu-60x30", reading: time(3, 0), size: large,
        complication: zoneText("Asia/Kathmandu", 20_700)),
    AnalogGoldenFrame(
        name: "kathmandu-24x12", reading: time(3, 0), size: small,
        complication: zoneText("Asia/Kathmandu", 20_700)),
    AnalogGoldenFrame(
        name: "marquesas-80x24", reading: time(9, 30), size: TerminalSize(columns: 80, rows: 24),
        complication: zoneText("Pacific/Marquesas", -34_200)),
    AnalogGoldenFrame(name: "digital-8x3", reading: time(10, 10, 30), size: TerminalSize(columns: 8, rows: 3)),
]

private func cells(_ line: String) -> [Character] {
    line.unicodeScalars.map(Character.init)
}

@Suite("Analog clock face")
struct AnalogFaceTests {
    /// Regenerate with NOISECLOCK_UPDATE_GOLDEN=1 (see `GoldenFrame`).
    @Test(arguments: goldenFrames)
    func matchesGoldenFrame(_ frame: AnalogGoldenFrame) {
        let lines = AnalogFace.render(
            frame.reading, size: frame.size, style: frame.style,
            complication: frame.complication)
        GoldenFrame.check(lines, "analog-\(frame.name)")
    }

    @Test(arguments: [
        (0, 0), (1, 1), (8, 3), (10, 30), (22, 11), (23, 12), (24, 12), (30, 11), (61, 31),
        (80, 24), (200, 60), (300, 10),
    ])
    func everyLineIsExactlyTheTerminalsWidth(_ columns: Int, _ rows: Int) {
        for style in DotStyle.allCases {
            for complication in [nil, "Kathmandu +5:45", String(repeating: "x", count: 400)] {
                let lines = AnalogFace.render(
                    time(10, 10, 30), size: TerminalSize(columns: columns, rows: rows),
                    style: style, complication: complication)
                #expect(lines.count == rows)
                #expect(lines.allSatisfy { $0.unicodeScalars.count == columns }, "\(columns)x\(rows) \(style)")
            }
        }
    }

    @Test
    func atThreeTheHourHandPointsRightAndNothingLeftOfTheCentre() {
        let lines = AnalogFace.render(time(3, 0), size: large, seconds: false).map(cells)
        let (row, column) = (large.rows / 2, large.columns / 2)
        // The hour hand is half the radius (about 15 columns); the 9 sits about 25 columns left of the centre.
        #expect((column + 1...column + 12).allSatisfy { lines[row][$0] != " " }, "\(String(lines[row]))")
        #expect((column - 15...column - 1).allSatisfy { lines[row][$0] == " " }, "\(String(lines[row]))")
    }

    @Test
    func atSixTheHourHandPointsDown() {
        let lines = AnalogFace.render(time(6, 0), size: large, seconds: false).map(cells)
        let column = large.columns / 2
        #expect((large.rows / 2 + 1...large.rows / 2 + 5).allSatisfy { lines[$0][column] != " " })
        // The minute hand points up; nothing points left at 6:00.
        #expect((column - 15...column - 1).allSatisfy { lines[large.rows / 2][$0] == " " })
    }

    @Test
    func theHourHandMovesOnWithTheMinutes() {
        // Half past nine has the minute hand pointing down, so two rows above the centre, left of it, only the
        // hour hand can show: it has climbed from the 9 (on the centre row) a quarter of the way to the 10.
        let (row, column) = (large.rows / 2, large.columns / 2)
        let leftAbove = { (lines: [String]) in cells(lines[row - 2])[(column - 14)..<column] }
        let nine = AnalogFace.render(time(9, 0), size: large, seconds: false)
        let nineThirty = AnalogFace.render(time(9, 30), size: large, seconds: false)
        #expect(leftAbove(nine).allSatisfy { $0 == " " })
        #expect(leftAbove(nineThirty).contains { $0 != " " })
    }

    @Test
    func theSecondHandIsDrawnOnlyWhenAsked() {
        let with = AnalogFace.render(time(10, 10, 30), size: large, seconds: true)
        let without = AnalogFace.render(time(10, 10, 30), size: large, seconds: false)
        #expect(with != without)
        #expect(AnalogFace.render(time(10, 10, 0), size: large, seconds: false) != without)
    }

    @Test(arguments: DotStyle.allCases)
    func theNumbersSitAroundTheDial(_ style: DotStyle) {
        let lines = AnalogFace.render(time(10, 10, 30), size: large, style: style)
        let third = large.rows / 3
        #expect(lines[..<third].contains { $0.contains("12") })
        #expect(lines[(large.rows - third)...].contains { $0.contains("6") })
        let middle = lines[large.rows / 2 - 1...large.rows / 2 + 1].map(cells)
        #expect(middle.contains { $0.firstIndex(of: "9").map { $0 < large.columns / 4 } == true })
        #expect(middle.contains { $0.firstIndex(of: "3").map { $0 > large.columns * 3 / 4 } == true })
        for hour in 1...12 {
            #expect(lines.contains { $0.contains(String(hour)) }, "\(hour) missing")
        }
    }

    @Test
    func theComplicationIsWrittenBelowTheCentre() throws {
        let text = zoneText("Pacific/Marquesas", -34_200)
        #expect(text == "Marquesas -9:30")
        let lines = AnalogFace.render(time(9, 30), size: large, complication: text)
        let row = try #require(lines.firstIndex { $0.contains(text) })
        #expect(row > large.rows / 2)
    }

    @Test
    func aComplicationTooWideForASmallFaceKeepsItsOffset() {
        let lines = AnalogFace.render(time(3, 0), size: small, complication: zoneText("Asia/Kathmandu", 20_700))
        #expect(lines[(small.rows / 2)...].contains { $0.contains("+5:45") })
        #expect(!lines.contains { $0.contains("Kathmandu") })
    }

    @Test
    func aTerminalTooSmallForAFaceShowsDigits() {
        let lines = AnalogFace.render(time(10, 10, 30), size: TerminalSize(columns: 12, rows: 3))
        #expect(lines == ["            ", "  10:10:30  ", "            "])
        let noSeconds = AnalogFace.render(time(7, 5, 9), size: TerminalSize(columns: 40, rows: 10), seconds: false)
        #expect(noSeconds[4].trimmingCharacters(in: .whitespaces) == "07:05")
        #expect(AnalogFace.render(time(10, 10, 30), size: TerminalSize(columns: 5, rows: 1)) == ["10:10"])
    }
}
