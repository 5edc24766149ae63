import Testing
@testable import NoiseCore

@Suite("JSON speed comparison")
struct JSONSpeedTests {
    /// Runs the comparison a few times; only that both paths agree is checked, never the timings.
    @Test func theComparisonRunsAndBothPathsAgree() throws {
        let report = try JSONSpeed.measure(iterations: 3)
        #expect(report.rows.count == 3)
    }
}
