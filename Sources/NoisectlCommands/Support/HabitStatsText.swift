import ClockFace
import LifeCalendar
import NoiseCore

/// `habit stats` as text: the span's total, a sparkline of the days, and each habit's minutes, taps and sparkline.
enum HabitStatsText {
    static func lines(_ stats: HabitStats) -> [String] {
        var lines = [
            "\(stats.from) to \(stats.through): \(LifeText.minutes(stats.minutes)) in "
                + "\(stats.days.reduce(0) { $0 + $1.taps }) taps"
        ]
        lines.append("  every day  " + HabitStats.sparkline(stats.days.map(\.minutes)))
        guard !stats.habits.isEmpty else {
            lines.append("No habits yet: noisectl habit add NAME --minutes N")
            return lines
        }
        let best = stats.days.max { $0.minutes < $1.minutes }
        if let best, best.minutes > 0 { lines.append("  best day   \(best.date), \(LifeText.minutes(best.minutes))") }
        lines.append("")
        lines += Output.table(
            [["habit", "minutes", "+", "−", "per day"]]
                + stats.habits.map {
                    [
                        VisibleText.terminal($0.name), LifeText.minutes($0.minutes), "\($0.plus)", "\($0.minus)",
                        HabitStats.sparkline($0.daily),
                    ]
                })
        return lines
    }
}
