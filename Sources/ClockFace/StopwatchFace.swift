/// The stopwatch on the terminal: the time in the clock's big digits (tenths of a second; hours once it
/// passes one), the laps below, newest first, as many as fit, and the keys.
public enum StopwatchFace {
    public static let keys = "space start/stop · l lap · r reset · q quit"

    public static func render(_ stopwatch: Stopwatch, at now: Double, size: TerminalSize) -> ClockFrame {
        let text = time(stopwatch.elapsed(at: now))
        var below = stopwatch.lapRows.map { ClockFrame.Span(lapLine($0)) }
        below.append(.init(stopwatch.isRunning ? keys : "stopped · " + keys, .dim))
        // The keys stay: laps that do not fit go first, the oldest of them first.
        let room = max(0, size.rows / 3)
        if below.count - 1 > room { below = Array(below.prefix(room)) + [below[below.count - 1]] }
        return DigitalFace.layout(.init(text: text, plain: text), banner: nil, below: below, corner: nil, size: size)
    }

    /// What is printed when the stopwatch quits, so the laps outlive the screen: the time, then the laps, oldest
    /// first; nothing when it never ran.
    public static func summary(_ stopwatch: Stopwatch, at now: Double) -> [String] {
        let elapsed = stopwatch.elapsed(at: now)
        guard elapsed > 0 || !stopwatch.laps.isEmpty else { return [] }
        return ["Time \(time(elapsed))"] + stopwatch.lapRows.reversed().map(lapLine)
    }

    private static func lapLine(_ lap: (number: Int, length: Double, total: Double)) -> String {
        "Lap \(lap.number)  \(time(lap.length))  total \(time(lap.total))"
    }

    /// `04:07.3`, `1:02:03.4`: tenths, truncated (a stopwatch never shows a time not yet reached).
    public static func time(_ seconds: Double) -> String {
        let tenths = Int((max(0, seconds) * 10).rounded(.down))
        let (hours, minutes, secs) = (tenths / 36_000, tenths / 600 % 60, tenths / 10 % 60)
        let rest = ClockText.two(minutes) + ":" + ClockText.two(secs) + "." + String(tenths % 10)
        return hours > 0 ? "\(hours):" + rest : rest
    }
}
