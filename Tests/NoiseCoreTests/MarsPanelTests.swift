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
        return reading.lines(siteName: "Prime meridian (Airy-0)", longitude: MarsLongitude(east: 0),
                             earthUTC: "2000-01-06T00:00:00+00:00", earthLocal: "2000-01-06T00:00:00+00:00 UTC")
    }

    @Test func exampleAOnAnEightyColumnScreen() {
        let frame = MarsPanel.render(lines(), size: TerminalSize(columns: 80, rows: 24))
        GoldenFrame.check(frame.text, "mars-example-a-80x24")
        #expect(frame.lines.contains { $0.contains { $0.style == .digits && $0.text.contains("Mars at Prime meridian") } })
    }

    @Test func aSmallScreenKeepsTheTopLinesWithoutAMargin() {
        let frame = MarsPanel.render(lines(), size: TerminalSize(columns: 40, rows: 5))
        #expect(frame.text.count == 5 && frame.text.allSatisfy { $0.count == 40 })
        #expect(frame.text[0].hasPrefix("Mars at Prime meridian"))
        #expect(frame.text[2].hasPrefix("Sol 44795"))
    }
}
