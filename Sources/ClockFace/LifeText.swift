import LifeCalendar
import NoiseCore

/// The life calendar's words, shared by `noisectl life`'s view, its poster and the clock's `--overlay life`, so
/// the three say a figure the same way.
public enum LifeText {
    /// How to set the birth date, for a view that has none.
    public static let setBirthHint = "noisectl life set --birth YYYY-MM-DD [--years N]"

    /// `16636` → `16,636`: the figures run to five digits, which read better grouped.
    public static func grouped(_ value: Int64) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result += "," }
            result.append(digit)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// `1 day`, `16,636 days`.
    public static func days(_ count: Int64) -> String {
        grouped(count) + (count == 1 ? " day" : " days")
    }

    /// The days left in words: `16,636 days remaining`, or once the expected end has passed `412 days past the
    /// expected end`.
    public static func remaining(_ figures: LifeFigures) -> String {
        figures.daysRemainingSigned < 0
            ? days(-figures.daysRemainingSigned) + " past the expected end"
            : days(figures.daysRemaining) + " remaining"
    }

    /// `1,797 of 4,160 weeks lived`.
    public static func weeksLived(_ figures: LifeFigures) -> String {
        "\(grouped(Int64(figures.weeksLived))) of \(grouped(Int64(figures.totalWeeks))) weeks lived"
    }

    /// `43.2 %`.
    public static func percent(_ figures: LifeFigures) -> String {
        figures.percentLived.fixed(1) + " %"
    }

    /// `+25 min`, `-10 min`, `0 min`: the sign always shown, since a bonus can be a loss.
    public static func minutes(_ minutes: Int) -> String {
        (minutes > 0 ? "+" : "") + "\(minutes) min"
    }

    /// `Today's bonus +25 min`.
    public static func bonus(_ minutes: Int) -> String {
        "Today's bonus " + self.minutes(minutes)
    }

    /// The first line of a diary entry that has text, for a view that shows one line of it: its control
    /// characters made visible (`VisibleText`), as an entry may have been imported from anywhere.
    public static func firstLine(_ text: String) -> String {
        VisibleText.terminal(
            text.split(whereSeparator: \.isNewline).first { !$0.allSatisfy(\.isWhitespace) }
                .map { String($0).trimmingLeadingAndTrailingSpaces } ?? "")
    }

    /// The clock's `--overlay life` line: `16,636 days remaining · bonus +25 min`; without a birth date, how to
    /// set one.
    public static func overlay(figures: LifeFigures?, bonusMinutes: Int?) -> String {
        guard let figures else { return "Life: no birth date set (\(setBirthHint))" }
        return remaining(figures) + (bonusMinutes.map { " · bonus " + minutes($0) } ?? "")
    }
}

extension String {
    fileprivate var trimmingLeadingAndTrailingSpaces: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
