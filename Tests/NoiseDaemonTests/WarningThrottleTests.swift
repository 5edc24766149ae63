import NoiseSystem
import Testing

@testable import NoiseControl
@testable import NoiseDaemon

struct WarningThrottleTests {
    @Test func theFirstWarningPassesAndRepeatsWithinTheWindowAreHeld() {
        let throttle = WarningThrottle(windowMilliseconds: 60_000)
        #expect(throttle.pass("refused", at: 0) == "refused")
        #expect((1...600).allSatisfy { throttle.pass("refused", at: Int64($0) * 10) == nil })
    }

    @Test func theNextWarningAfterTheWindowSaysHowManyWereHeld() {
        let throttle = WarningThrottle(windowMilliseconds: 60_000)
        _ = throttle.pass("refused", at: 0)
        for step in 1...3 { _ = throttle.pass("refused", at: Int64(step)) }
        #expect(throttle.pass("refused", at: 60_000) == "refused (3 more like it in the last 60 s not logged)")
        // The count starts again: a window with nothing held back logs the message alone.
        #expect(throttle.pass("refused", at: 120_000) == "refused")
    }
}
