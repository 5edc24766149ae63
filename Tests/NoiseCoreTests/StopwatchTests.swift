import Testing

@testable import ClockFace

/// The stopwatch as a value, driven by plain instants, and its face.
@Suite("Stopwatch")
struct StopwatchTests {
    @Test func runsOnlyWhileStartedAndKeepsItsTimeWhenStopped() {
        var watch = Stopwatch()
        #expect(watch.elapsed(at: 100) == 0 && !watch.isRunning)
        watch.toggle(at: 100)
        #expect(watch.elapsed(at: 103.5) == 3.5)
        watch.toggle(at: 104)
        #expect(watch.elapsed(at: 500) == 4, "stopped: the time stays")
        watch.toggle(at: 600)
        #expect(watch.elapsed(at: 601) == 5)
    }

    @Test func lapsSplitTheTimeNewestFirstAndResetClearsThem() {
        var watch = Stopwatch()
        watch.lap(at: 1)
        #expect(watch.laps.isEmpty, "a stopped stopwatch records no lap")
        watch.toggle(at: 10)
        watch.lap(at: 12)
        watch.lap(at: 15.5)
        #expect(watch.laps == [2, 5.5])
        #expect(watch.lapRows.map(\.number) == [2, 1])
        #expect(watch.lapRows.map(\.length) == [3.5, 2] && watch.lapRows.map(\.total) == [5.5, 2])
        watch.reset(at: 20)
        #expect(
            watch.laps.isEmpty && watch.isRunning && watch.elapsed(at: 21) == 1, "reset while running runs on from 0")
        watch.toggle(at: 22)
        watch.reset(at: 30)
        #expect(watch.elapsed(at: 40) == 0 && !watch.isRunning)
    }

    @Test func timeIsTenthsTruncatedWithHoursOncePastOne() {
        #expect(StopwatchFace.time(0) == "00:00.0")
        #expect(StopwatchFace.time(4.99) == "00:04.9", "never a time not yet reached")
        #expect(StopwatchFace.time(247.3) == "04:07.3")
        #expect(StopwatchFace.time(3723.45) == "1:02:03.4")
    }

    @Test func theFaceShowsBigDigitsTheLapsThatFitAndTheKeys() {
        var watch = Stopwatch()
        watch.toggle(at: 0)
        for instant in stride(from: 1.0, through: 30, by: 1) { watch.lap(at: instant) }
        let frame = StopwatchFace.render(watch, at: 31, size: TerminalSize(columns: 80, rows: 24))
        let text = frame.text
        #expect(text.filter { $0.contains("█") || $0.contains("▀") || $0.contains("▄") }.count >= 3, "big digits")
        #expect(text.contains { $0.contains("Lap 30  00:01.0  total 00:30.0") }, "the newest lap")
        #expect(!text.contains { $0.contains("Lap 1 ") }, "the oldest laps go when they do not fit")
        #expect(text.contains { $0.contains(StopwatchFace.keys) })
        let tiny = StopwatchFace.render(Stopwatch(), at: 0, size: TerminalSize(columns: 12, rows: 2)).text
        #expect(tiny.contains { $0.contains("00:00.0") }, "plain text when the digits do not fit")
    }

    /// Issue 39: the laps were gone with the screen when the stopwatch quit.
    @Test func quittingPrintsTheTimeAndEveryLapOldestFirst() {
        var watch = Stopwatch()
        #expect(StopwatchFace.summary(watch, at: 5).isEmpty, "a stopwatch never started prints nothing")
        watch.toggle(at: 0)
        watch.lap(at: 12.34)
        watch.lap(at: 20)
        watch.toggle(at: 25.06)
        #expect(
            StopwatchFace.summary(watch, at: 99) == [
                "Time 00:25.0", "Lap 1  00:12.3  total 00:12.3", "Lap 2  00:07.6  total 00:20.0",
            ])
    }
}
