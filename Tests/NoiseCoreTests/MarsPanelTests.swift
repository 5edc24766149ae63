import Testing

@testable import ClockFace
@testable import MarsTime
@testable import TimeScales

/// `noisectl mars`'s panel, drawn at worked example A's instant (golden frames), and fitted to small screens.
@Suite("Mars panel")
struct MarsPanelTests {
    /// Worked example A, at the prime meridian.
    func lines() -> [String] {
        let clock = MarsClock(unix: 947_116_800, leapSeconds: .builtIn)
        let reading = MarsReading(clock, longitude: MarsLongitude(east: 0), missionSol: nil)
        return reading.lines(
            siteName: "Prime meridian (Airy-0)", longitude: MarsLongitude(east: 0),
            earthUTC: "2000-01-06T00:00:00+00:00", earthLocal: "2000-01-06T00:00:00+00:00 UTC")
    }

    @Test func exampleAOnAnEightyColumnScreen() {
        let frame = MarsPanel.render(lines(), size: TerminalSize(columns: 80, rows: 24))
        GoldenFrame.check(frame.text, "mars-example-a-80x24")
        #expect(
            frame.lines.contains { $0.contains { $0.style == .digits && $0.text.contains("Mars at Prime meridian") } })
    }

    @Test func aSmallScreenKeepsTheTopLinesWithoutAMargin() {
        let frame = MarsPanel.render(lines(), size: TerminalSize(columns: 40, rows: 5))
        #expect(frame.text.count == 5 && frame.text.allSatisfy { $0.count == 40 })
        #expect(frame.text[0].hasPrefix("Mars at Prime meridian"))
        #expect(frame.text[2].hasPrefix("Sol 44795"))
    }

    /// Issue 39: the leap-second note was cut at the screen's edge.
    @Test func aLongNoteIsShownWholeOverSeveralRows() {
        let note =
            "Note: the leap-second list (/usr/share/zoneinfo/leap-seconds.list) expired on 2026-06-28, and a leap "
            + "second may have come since 2026-12-31; its last offset (37 s) is held"
        let rows = MarsPanel.wrapped(note, width: 76)
        #expect(rows.count == 3 && rows.allSatisfy { $0.count <= 76 })
        #expect(
            rows.dropFirst().allSatisfy { $0.hasPrefix("      ") && !$0.hasPrefix("       ") },
            "indented under the text")
        #expect(rows.map { $0.split(separator: " ").joined(separator: " ") }.joined(separator: " ") == note)
        let frame = MarsPanel.render(lines() + [note], size: TerminalSize(columns: 80, rows: 30))
        #expect(frame.text.contains { $0.contains("is held") }, "the end of the note is on screen")
    }
}
