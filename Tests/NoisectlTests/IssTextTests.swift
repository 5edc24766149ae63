import NoiseTime
import Testing

@testable import NoisectlCommands

/// How satellite views write times: passes to the second (docs/satellites.md, "Passes").
@Suite("Satellite views' times")
struct IssTextTests {
    /// The defect: a set at 17:08:59.6 showed as `17:09`, rounded to the minute.
    @Test func passTimesShowTheSecondTheyFallInEvenOnTheMinute() {
        let justBefore = 1_704_128_939.6  // 2024-01-01T17:08:59.6Z
        #expect(IssText.clock(justBefore, .utc) == "17:08:59")
        #expect(IssText.clock(justBefore + 0.4, .utc) == "17:09:00")
        #expect(IssText.day(justBefore, .utc) == IssText.day(justBefore + 0.4, .utc))
    }
}
