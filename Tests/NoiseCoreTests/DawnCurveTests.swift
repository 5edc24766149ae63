import Testing

@testable import ClockFace
@testable import NoiseConfig

/// The dawn's light (docs/web.md, "Dawn"): the values the doc states, which web/js/dawn.js draws too
/// (Tests/integration/test_dawn.py holds the page to the same numbers), and the terminal's depths.
@Suite("Dawn curve")
struct DawnCurveTests {
    @Test func theColoursTheDocStates() {
        #expect(DawnCurve.color(0) == (0, 0, 0))
        #expect(DawnCurve.color(0.5) == (113, 42, 5))
        #expect(DawnCurve.color(1) == (255, 228, 190))
        #expect(DawnCurve.color(0.25) == (46, 4, 0))
        #expect(DawnCurve.color(0.75) == (185, 118, 58))
        #expect(abs(DawnCurve.intensity(0.5) - 0.18418) < 0.0001, "CIE L* 50")
    }

    @Test func theLightNeverDimsAsTheDawnGoesOn() {
        var last = (red: 0, green: 0, blue: 0)
        for step in 0...200 {
            let color = DawnCurve.color(Double(step) / 200)
            #expect(Int(color.red) >= last.red && Int(color.green) >= last.green && Int(color.blue) >= last.blue)
            last = (Int(color.red), Int(color.green), Int(color.blue))
        }
    }

    @Test func thePointFollowsTheRingAndTheLength() {
        #expect(DawnCurve.point(now: 1000, ringAt: 2800, length: 1800) == 0)
        #expect(DawnCurve.point(now: 1900, ringAt: 2800, length: 1800) == 0.5)
        #expect(DawnCurve.point(now: 2800, ringAt: 2800, length: 1800) == 1)
        #expect(DawnCurve.point(now: 9000, ringAt: 2800, length: 1800) == 1, "full while it rings")
        #expect(DawnCurve.point(now: 0, ringAt: 2800, length: 1800) == 0)
    }

    @Test func theTerminalsDepthFromItsEnvironment() {
        #expect(ColorDepth(environment: ["COLORTERM": "truecolor"]) == .trueColor)
        #expect(ColorDepth(environment: ["COLORTERM": "24bit"]) == .trueColor)
        #expect(ColorDepth(environment: [:]) == .palette256)
        #expect(ColorDepth(environment: ["COLORTERM": "truecolor", "NO_COLOR": "1"]) == .none)
        #expect(ColorDepth(environment: ["NO_COLOR": ""]) == .palette256, "an empty NO_COLOR is not set (no-color.org)")
        #expect(ColorDepth.trueColor.color(113, 42, 5) == .rgb(113, 42, 5))
        #expect(ColorDepth.palette256.color(0, 0, 0) == .palette(16))
        #expect(ColorDepth.palette256.color(255, 228, 190) == .palette(223), "ffd7af, the nearest of the cube")
        #expect(ColorDepth.palette256.color(128, 128, 128) == .palette(244), "a grey of the ramp")
        #expect(ColorDepth.none.color(255, 0, 0) == nil)
        #expect(TerminalColor.palette(223).sgr(background: true) == "48;5;223")
        #expect(ClockColors.dawn(point: 0.5, depth: .none) == nil)
        #expect(ClockColors.dawn(point: 1, depth: .trueColor)?.background == .rgb(255, 228, 190))
    }
}
